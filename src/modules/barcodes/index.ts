import { setUnitCode } from './repo'
import type { UnitCodes } from '../stock'

// Barcodes' one face: other modules import from here only; item_barcodes and stock_count_scans are written by barcodes alone.
export { createBarcodeService, HOUSE_LABEL, type BarcodeService } from './service'
export { createCountScanService, type CountScanService } from './count-scans'
export { bulkSetUnitCodes, holderOf, setUnitCode } from './repo'

/** What stock's item service asks of barcodes when the item form's barcode field changes (given to it by deps.ts). */
export const unitCodes: UnitCodes = { setUnitCode }
