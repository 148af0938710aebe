// Purchasing's one face: other modules import from here only; items are written through stock's face (setItemCost, setItemExpiry).
export { createPurchasingService, type PurchasingService } from './orders-service'
export { createReceiptService, type ComparedPrice, type InvoiceReceipt, type ReceiptService } from './receipts-service'
export { createPriceEvents, type PriceEvents, type PriceFact, type PriceListener, type PricePriority } from './events'
