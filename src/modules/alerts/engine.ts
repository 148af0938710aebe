import { EXPIRING_HIGH_DAYS, type AlertType } from '../../contract/alerts'
import { expiryStatus, quantityStatus } from '../../contract/stock'
import { priceJump } from '../../contract/purchasing'
import type { Settings } from '../../contract/settings'
import type { Db } from '../../db/open'
import { formatCost, formatQty, fromCents, fromCost, toCents } from '../../contract/fixed'
import type { Clock } from '../../lib/clock'
import { addDays, daysBetween, localDate, startOfLocalDay } from '../../contract/dates'
import type { PriceFact } from '../purchasing'
import type { MovementFact } from '../stock'
import * as repo from './repo'

// The facts the engine hears are declared by the modules that tell them (stock's and purchasing's event ports).
export type { MovementFact, PriceFact }

/** What the engine needs besides the database: the time and the settings (thresholds, zone, window). */
export interface AlertContext {
  clock: Clock
  settings: () => Settings
}

const STOCK_TYPES: readonly AlertType[] = ['LOW_STOCK', 'OUT_OF_STOCK', 'EXPIRING', 'EXPIRED']

const inDays = (n: number) => (n === 0 ? 'today' : n === 1 ? 'tomorrow' : `in ${n} days`)
const daysAgo = (n: number) => (n === 1 ? 'yesterday' : `${n} days ago`)

/** The stock conditions an item is in today, each as the alert it raises (an inactive item is in none). */
export function itemConditions(item: repo.ItemFacts, today: string, expiringDays: number): repo.AlertDraft[] {
  if (!item.is_active) return []
  const out: repo.AlertDraft[] = []
  const qty = `${formatQty(item.current_quantity)} ${item.unit}`
  const min = `${formatQty(item.min_stock_level)} ${item.unit}`
  const facts = { item_name: item.name, unit: item.unit, current_quantity: fromCents(item.current_quantity), min_stock_level: fromCents(item.min_stock_level) }
  const quantity = quantityStatus(item)
  // An empty shelf is at or below any minimum: it raises both LOW_STOCK and OUT_OF_STOCK.
  if (quantity !== 'in') {
    out.push({
      type: 'LOW_STOCK',
      priority: 'HIGH',
      title: `Low stock: ${item.name}`,
      message: `${item.name} is at ${qty}, at or below its minimum of ${min}.`,
      details: facts,
      item_id: item.id,
      condition_key: `LOW_STOCK:item:${item.id}`,
    })
  }
  if (quantity === 'out') {
    out.push({
      type: 'OUT_OF_STOCK',
      priority: 'HIGH',
      title: `Out of stock: ${item.name}`,
      message: `${item.name} is out of stock (minimum ${min}).`,
      details: facts,
      item_id: item.id,
      condition_key: `OUT_OF_STOCK:item:${item.id}`,
    })
  }
  const expiry = expiryStatus(item.expiry_date, today, expiringDays)
  if (item.expiry_date && expiry) {
    const left = daysBetween(today, item.expiry_date)
    const details = { ...facts, expiry_date: item.expiry_date, days_until_expiry: left }
    if (expiry === 'expired') {
      out.push({
        type: 'EXPIRED',
        priority: 'HIGH',
        title: `Expired: ${item.name}`,
        message: `${item.name} expired on ${item.expiry_date} (${daysAgo(-left)}); ${qty} on hand.`,
        details,
        item_id: item.id,
        condition_key: `EXPIRED:item:${item.id}:${item.expiry_date}`,
      })
    } else {
      out.push({
        type: 'EXPIRING',
        priority: left <= EXPIRING_HIGH_DAYS ? 'HIGH' : 'MEDIUM',
        title: `Expiring soon: ${item.name}`,
        message: `${item.name} expires on ${item.expiry_date} (${inDays(left)}); ${qty} on hand.`,
        details,
        item_id: item.id,
        condition_key: `EXPIRING:item:${item.id}:${item.expiry_date}`,
      })
    }
  }
  return out
}

const changed = (row: repo.AlertRow, a: repo.AlertDraft) =>
  row.priority !== a.priority || row.title !== a.title || row.message !== a.message || row.details !== (a.details ? JSON.stringify(a.details) : null)

/**
 * Brings the stored stock alerts of some items (or all, with null) in line with their facts:
 * a condition that started raises one alert, one that holds is refreshed, one that cleared resolves.
 * Call inside the caller's transaction.
 */
export function reconcileItems(db: Db, ctx: AlertContext, ids: readonly number[] | null) {
  if (ids && ids.length === 0) return
  const s = ctx.settings()
  const now = ctx.clock()
  const at = now.toISOString()
  const today = localDate(now, s.time_zone)
  const items = ids ? repo.itemFacts(db, ids) : repo.allItemFacts(db)
  const open = new Map<string, repo.AlertRow>()
  for (const row of repo.openItemAlerts(db, ids)) if (STOCK_TYPES.includes(row.type)) open.set(row.condition_key, row)
  for (const item of items) {
    for (const draft of itemConditions(item, today, s.expiring_days)) {
      const row = open.get(draft.condition_key)
      if (!row) repo.insertAlert(db, draft, at)
      else {
        open.delete(draft.condition_key)
        if (changed(row, draft)) repo.refreshAlert(db, row.id, draft, at)
      }
    }
  }
  // Whatever is left no longer holds (restocked, expiry date changed, item deactivated).
  for (const row of open.values()) repo.clearCondition(db, row.id, at)
}

/** A stock count that changed a balance by more than the discrepancy_count_change setting raises one DISCREPANCY. */
export function checkCountDiscrepancy(db: Db, ctx: AlertContext, last: MovementFact & { ledger: 'store' }) {
  if (last.type !== 'ADJUSTMENT' || last.source_type !== 'COUNT') return
  const threshold = toCents(ctx.settings().discrepancy_count_change)
  if (Math.abs(last.quantity) <= threshold) return
  const key = `DISCREPANCY:count:${last.id}`
  if (repo.alertKeyExists(db, key)) return
  const item = repo.itemName(db, last.item_id)
  if (!item) return
  const change = `${last.quantity > 0 ? '+' : '−'}${formatQty(Math.abs(last.quantity))} ${item.unit}`
  repo.insertAlert(
    db,
    {
      type: 'DISCREPANCY',
      priority: 'MEDIUM',
      title: `Stock count discrepancy: ${item.name}`,
      message: `A stock count changed ${item.name} by ${change}, more than the ${formatQty(threshold)} allowed without a look.`,
      details: { item_name: item.name, unit: item.unit, change: fromCents(last.quantity), threshold: fromCents(threshold), movement_id: last.id, movement_date: last.movement_date },
      item_id: last.item_id,
      condition_key: key,
    },
    ctx.clock().toISOString(),
  )
}

/** A day's kitchen wastage worth more than the discrepancy_wastage_value setting raises one DISCREPANCY for that day. */
export function checkWastageDiscrepancy(db: Db, ctx: AlertContext, last: MovementFact & { ledger: 'kitchen' }) {
  if (last.movement_type !== 'WASTE') return
  const s = ctx.settings()
  const day = localDate(new Date(last.movement_date), s.time_zone)
  const from = startOfLocalDay(day, s.time_zone).toISOString()
  const to = startOfLocalDay(addDays(day, 1), s.time_zone).toISOString()
  const { n, value } = repo.wastageBetween(db, from, to)
  const threshold = toCents(s.discrepancy_wastage_value)
  if (value <= threshold) return
  const key = `DISCREPANCY:wastage:${day}`
  const draft: repo.AlertDraft = {
    type: 'DISCREPANCY',
    priority: 'MEDIUM',
    title: `High kitchen wastage on ${day}`,
    message: `Kitchen wastage on ${day} is worth ${fromCents(value).toFixed(2)} ${s.currency} (${n} record${n === 1 ? '' : 's'}), above the ${fromCents(threshold).toFixed(2)} ${s.currency} threshold.`,
    details: { date: day, wastage_value: fromCents(value), records: n, threshold: fromCents(threshold) },
    item_id: null,
    condition_key: key,
  }
  const at = ctx.clock().toISOString()
  const row = repo.openAlertByKey(db, key)
  if (!row) {
    if (!repo.alertKeyExists(db, key)) repo.insertAlert(db, draft, at)
  } else if (changed(row, draft)) repo.refreshAlert(db, row.id, draft, at)
}

/** A SYSTEM alert: while one with the same title is still open, it is refreshed rather than repeated. */
export function raiseSystem(db: Db, ctx: Pick<AlertContext, 'clock'>, alert: { title: string; message: string }) {
  const at = ctx.clock().toISOString()
  const key = `SYSTEM:${alert.title}`
  db.transaction(() => {
    const row = repo.openAlertByKey(db, key)
    const previous = row?.details ? (JSON.parse(row.details) as { occurrences?: number }) : null
    const draft: repo.AlertDraft = {
      type: 'SYSTEM',
      priority: 'HIGH',
      title: alert.title,
      message: alert.message,
      details: { occurrences: (previous?.occurrences ?? 0) + 1, last_at: at },
      item_id: null,
      condition_key: key,
    }
    if (row) repo.refreshAlert(db, row.id, draft, at)
    else repo.insertAlert(db, draft, at)
  }).immediate()
}

/** Raises PRICE_CHANGE when the price jumped by the contract's rule (`priceJump`, the one receiving warns with). Returns the alert's priority, or null below the threshold. */
export function checkPriceChange(db: Db, ctx: AlertContext, f: PriceFact): 'MEDIUM' | 'HIGH' | null {
  const s = ctx.settings()
  const jump = priceJump(f.oldPrice, f.newPrice, s.price_alert_pct)
  if (!jump) return null
  const { priority, change_pct: changePct } = jump
  const key = `PRICE_CHANGE:receipt_line:${f.receiptLineId}`
  if (repo.alertKeyExists(db, key)) return priority
  const price = (c: number) => `${formatCost(c)} ${s.currency}/${f.unit}`
  repo.insertAlert(
    db,
    {
      type: 'PRICE_CHANGE',
      priority,
      title: `Price ${f.newPrice > f.oldPrice ? 'up' : 'down'} ${Math.abs(changePct)}%: ${f.itemName}`,
      message: `${f.itemName} from ${f.supplierName} was received at ${price(f.newPrice)}; the ${f.basis === 'COST_PRICE' ? 'cost price (first delivery)' : 'last price'} was ${price(f.oldPrice)} (${changePct > 0 ? '+' : ''}${changePct}%).`,
      details: { item_name: f.itemName, unit: f.unit, supplier_name: f.supplierName, old_price: fromCost(f.oldPrice), new_price: fromCost(f.newPrice), change_pct: changePct, receipt_id: f.receiptId },
      item_id: f.itemId,
      condition_key: key,
    },
    ctx.clock().toISOString(),
  )
  return priority
}
