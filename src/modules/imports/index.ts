// Imports' one face: other modules import from here only. The import writes items, item_barcodes, stock_movements,
// categories and suppliers only through their owners' faces (stock, barcodes, categories, suppliers).
export { createImportService, type ImportService } from './service'
