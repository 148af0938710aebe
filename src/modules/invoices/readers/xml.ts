import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { INVOICE_MSG } from '../../../contract/invoices'
import { UnreadableFile } from '../read-types'

// One XML parser for the e-invoice readers: namespace prefixes dropped (cbc:ID → ID), values kept as text (a price is
// never turned into a float), and no entity expansion — a DOCTYPE is refused unread, only the five predefined
// entities and character references are decoded, by hand.

export type XmlNode = Record<string, unknown>

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  trimValues: true,
})

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : PREDEFINED[e],
  )

/** The root element's local name and its content; a broken file or one with a DOCTYPE is refused with one line. */
export function parseXml(text: string): { root: string; node: XmlNode } {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new UnreadableFile(INVOICE_MSG.xmlEntities)
  const valid = XMLValidator.validate(text)
  if (valid !== true) throw new UnreadableFile(INVOICE_MSG.xmlBroken(`${valid.err.msg} (line ${valid.err.line})`))
  const doc = parser.parse(text) as XmlNode
  const root = Object.keys(doc).find((k) => k !== '?xml' && !k.startsWith('#'))
  if (!root || typeof doc[root] !== 'object') throw new UnreadableFile(INVOICE_MSG.xmlUnknown)
  return { root, node: doc[root] as XmlNode }
}

/** The child (the first when repeated) at a path of local names. */
export function at(node: unknown, ...path: string[]): unknown {
  let cur: unknown = node
  for (const p of path) {
    if (Array.isArray(cur)) cur = cur[0]
    if (!cur || typeof cur !== 'object') return undefined
    cur = (cur as XmlNode)[p]
  }
  return Array.isArray(cur) ? cur[0] : cur
}

/** Every child of that name (one or many) at the end of a path. */
export function all(node: unknown, ...path: string[]): unknown[] {
  const last = path.pop()!
  const parent = path.length ? at(node, ...path) : node
  if (!parent || typeof parent !== 'object') return []
  const v = (parent as XmlNode)[last]
  return v === undefined ? [] : Array.isArray(v) ? v : [v]
}

/** An element's text (decoded), or null when absent or empty. */
export function text(node: unknown, ...path: string[]): string | null {
  const v = path.length ? at(node, ...path) : node
  const raw = typeof v === 'string' ? v : v && typeof v === 'object' ? (v as XmlNode)['#text'] : undefined
  if (raw === undefined || raw === null) return null
  const s = decode(String(raw)).trim()
  return s === '' ? null : s
}

/** An attribute of the element at a path. */
export function attr(node: unknown, name: string, ...path: string[]): string | null {
  const v = path.length ? at(node, ...path) : node
  const a = v && typeof v === 'object' ? (v as XmlNode)[`@${name}`] : undefined
  return typeof a === 'string' && a.trim() !== '' ? decode(a).trim() : null
}
