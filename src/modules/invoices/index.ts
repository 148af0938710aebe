// Invoices' one face (issue 34): drafts read from the supplier's invoice, received through purchasing's receiving.
export { createInvoiceService, type InvoiceService } from './service'
export { invoiceRoutes } from './routes'
