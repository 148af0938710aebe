import type { PriceBasis } from '../../contract/purchasing'
import type { Db } from '../../db/open'

/** A received price per base unit that moved from the last one (issue 18): told once per receipt line. */
export interface PriceFact {
  receiptLineId: number
  receiptId: number
  itemId: number
  itemName: string
  unit: string
  supplierName: string
  /** Per base unit, in 1/100,000 (COST_SCALE): a piece of a box of 1,000 at 4.90 is 490, not 0. */
  oldPrice: number
  newPrice: number
  /** What oldPrice is: the last received price, or the item's cost price on its first delivery (issue 32.5). */
  basis: PriceBasis
}

export type PricePriority = 'MEDIUM' | 'HIGH'

/** A listener answers with the priority of the alert it raised for the price, or null when it raised none. */
export type PriceListener = (db: Db, fact: PriceFact) => PricePriority | null

/** What purchasing tells when a delivery is received at a new price: inside the receipt's transaction. */
export interface PriceEvents {
  /** The highest priority any listener answered, or null. */
  priceReceived(db: Db, fact: PriceFact): PricePriority | null
}

/** The price events port: listeners are subscribed at wiring time (src/deps.ts); purchasing knows none of them. */
export function createPriceEvents(): PriceEvents & { subscribe(listener: PriceListener): void } {
  const listeners: PriceListener[] = []
  return {
    subscribe: (listener) => void listeners.push(listener),
    priceReceived(db, fact) {
      let top: PricePriority | null = null
      for (const l of listeners) {
        const p = l(db, fact)
        if (p === 'HIGH' || (p === 'MEDIUM' && top === null)) top = p
      }
      return top
    },
  }
}
