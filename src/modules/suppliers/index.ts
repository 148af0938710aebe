// Suppliers' one face: other modules import from here only; the suppliers table is written by this module alone.
export { createSupplierService, type SupplierService } from './service'
export { upsertSupplier, allSuppliers, findSupplier } from './repo'
