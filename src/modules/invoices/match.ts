import type { MatchedBy } from '../../contract/invoices'
import { gtin14 } from './numbers'
import type { MatchItem } from './repo'

// Which item an invoice line is, most certain first: the supplier's own code on one of its items, a GTIN among the
// items' barcodes (its pack with it), an alias a person confirmed for this supplier, and last a guess from the name,
// which a person must confirm (it is never received unconfirmed).

export interface Matcher {
  supplierId: number
  items: MatchItem[]
  aliases: Map<string, { item_id: number; pack_id: number | null }>
  codeHolder: (code: string) => { item_id: number; pack_id: number | null } | null
}

export interface Match {
  item_id: number
  pack_id: number | null
  matched_by: MatchedBy
}

const words = (s: string) => new Set(s.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length >= 3))

/** The key a person's choice is remembered by: the supplier's code, or without one the description. */
export const aliasKey = (l: { supplier_code: string | null; description: string }) =>
  l.supplier_code?.trim() ? `C:${l.supplier_code.trim().toUpperCase()}` : `D:${l.description.toLowerCase().replace(/\s+/g, ' ').trim()}`

export function matchLine(l: { supplier_code: string | null; gtin: string | null; description: string }, m: Matcher): Match | null {
  const code = l.supplier_code?.trim().toUpperCase()
  if (code) {
    const item = m.items.find((i) => i.supplier_id === m.supplierId && i.supplier_code?.trim().toUpperCase() === code)
    if (item) return { item_id: item.id, pack_id: item.order_pack_id, matched_by: 'SUPPLIER_CODE' }
  }
  const gtin = gtin14(l.gtin)
  const held = gtin ? m.codeHolder(gtin) : null
  if (held) return { item_id: held.item_id, pack_id: held.pack_id, matched_by: 'GTIN' }
  const alias = m.aliases.get(aliasKey(l))
  if (alias && m.items.some((i) => i.id === alias.item_id)) return { item_id: alias.item_id, pack_id: alias.pack_id, matched_by: 'ALIAS' }
  // A guess: the item whose name's words the description has most of (the supplier's items first), at least two thirds.
  const said = words(l.description)
  let best: { item: MatchItem; score: number } | null = null
  for (const item of m.items) {
    const own = words(item.name)
    if (own.size === 0) continue
    let common = 0
    for (const w of own) if (said.has(w)) common++
    const score = common / own.size + (item.supplier_id === m.supplierId ? 0.01 : 0)
    if (common > 0 && score >= 2 / 3 && (!best || score > best.score)) best = { item, score }
  }
  return best ? { item_id: best.item.id, pack_id: best.item.order_pack_id, matched_by: 'NAME' } : null
}
