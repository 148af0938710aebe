import type { Db } from '../../db/open'
import type { ServiceDeps } from '../../db/service-deps'

/** One ledger row just written: the store ledger's or the kitchen's. */
export type MovementFact =
  | { ledger: 'store'; id: number; item_id: number; type: string; quantity: number; source_type: string; movement_date: string }
  | { ledger: 'kitchen'; id: number; item_id: number; movement_type: string; quantity: number; movement_date: string }

/** What just happened to stock: the items whose facts changed and, when a ledger row was written, that row. */
export interface StockChange {
  itemIds: readonly number[]
  movement?: MovementFact
}

/** Many items and ledger rows at once (an import). */
export interface StockChangeMany {
  itemIds: readonly number[]
  movements: readonly MovementFact[]
}

/** Item costs before the change (1/100,000 per stock unit, as items.cost_e5), to tell the old figures from the new ones. */
export type OldCosts = ReadonlyMap<number, number>

/** Item costs changed (an edited cost price, a received delivery). */
export interface CostsChange {
  itemIds: readonly number[]
  oldCosts?: OldCosts
}

/** A listener hears any of what stock tells; it runs inside the transaction of the change it hears. */
export interface StockListener {
  changed?(db: Db, change: StockChange): void
  changedMany?(db: Db, change: StockChangeMany): void
  costsChanged?(db: Db, change: CostsChange): void
}

/** What the stock write path tells: called inside the same transaction as every stock change. */
export interface StockEvents {
  changed(db: Db, change: StockChange): void
  changedMany(db: Db, change: StockChangeMany): void
  costsChanged(db: Db, change: CostsChange): void
}

/**
 * The stock events port: stock (and the modules that move stock) tell it what happened, the
 * listeners subscribed at wiring time (src/deps.ts) hear it in the order they subscribed.
 * Stock knows nothing of who listens.
 */
export function createStockEvents(): StockEvents & { subscribe(listener: StockListener): void } {
  const listeners: StockListener[] = []
  return {
    subscribe: (listener) => void listeners.push(listener),
    changed(db, change) {
      for (const l of listeners) l.changed?.(db, change)
    },
    changedMany(db, change) {
      for (const l of listeners) l.changedMany?.(db, change)
    },
    costsChanged(db, change) {
      for (const l of listeners) l.costsChanged?.(db, change)
    },
  }
}

/** What a service that moves stock is built from: the common service deps and the stock events. */
export type StockServiceDeps = ServiceDeps & { stockEvents: StockEvents }
