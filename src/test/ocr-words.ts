import type { OcrPage, OcrWord } from '../contract/invoices'
import { lineAmount, totals, type InvoiceSpec } from './invoice-builders'

// The words tesseract.js gives for a photo of a printed invoice (issue 34, 2d), made by the tests: a 300 dpi A4 page
// (2480 × 3508 px) turned by a small angle as a hand-held photo is, each word an upright box around its turned
// outline with its baseline, and a pixel or two of jitter. Never a real supplier's invoice.

const WIDTH = 2480
const HEIGHT = 3508
/** 10 pt at 300 dpi. */
const FONT = 42
const CHAR = 0.55 * FONT
const SPACE = 0.3 * FONT
const PITCH = 62

/** Column starts in px: code, description, quantity, unit price, amount. */
const COLS = [150, 420, 1420, 1660, 2020]

export function ocrPageOf(s: InvoiceSpec, o: { degrees?: number; seed?: number } = {}): OcrPage {
  const angle = ((o.degrees ?? 1) * Math.PI) / 180
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  let seed = o.seed ?? 7
  const jitter = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 2
  const turn = (x: number, y: number) => [x * cos - y * sin, x * sin + y * cos] as const
  const words: OcrWord[] = []
  /** A phrase printed from x on the baseline y: one word per space-separated run, as OCR finds them. */
  const print = (text: string, x: number, y: number) => {
    let at = x
    for (const word of text.split(' ').filter(Boolean)) {
      const w = word.length * CHAR
      const corners = [turn(at, y - 0.72 * FONT), turn(at + w, y - 0.72 * FONT), turn(at, y + (/[gjpqy,]/.test(word) ? 0.2 * FONT : 0)), turn(at + w, y)]
      const xs = corners.map((c) => c[0])
      const ys = corners.map((c) => c[1])
      const [bx0, by0] = turn(at, y)
      const [bx1, by1] = turn(at + w, y)
      const r = (n: number) => Math.max(0, Math.round(n + jitter()))
      words.push({ text: word, x0: r(Math.min(...xs)), y0: r(Math.min(...ys)), x1: r(Math.max(...xs)), y1: r(Math.max(...ys)), baseline: [r(bx0), r(by0), r(bx1), r(by1)] })
      at += w + SPACE
    }
  }
  const right = (text: string, end: number, y: number) => print(text, end - text.length * CHAR, y)
  print(s.seller.name, 150, 200)
  print(`VAT No: ${s.seller.tax_id}`, 150, 270)
  print(`Invoice No: ${s.number}`, 1600, 200)
  print(`Date: ${s.date}`, 1600, 270)
  let y = 480
  ;['Code', 'Description', 'Qty', 'Unit price', 'Amount'].forEach((h, i) => print(h, COLS[i], y))
  for (const l of s.lines) {
    y += PITCH
    print(l.code, COLS[0], y)
    print(l.description, COLS[1], y)
    right(l.qty, COLS[2] + 3 * CHAR, y)
    right(l.price, COLS[3] + 10 * CHAR, y)
    right(lineAmount(l), COLS[4] + 6 * CHAR, y)
  }
  const t = totals(s)
  y += 2 * PITCH
  for (const [label, value] of [['Subtotal', t.net], ['VAT', t.tax], ['Total due', t.gross]] as const) {
    print(label, COLS[3], y)
    right(value, COLS[4] + 6 * CHAR, y)
    y += PITCH
  }
  return { width: WIDTH, height: HEIGHT, words }
}

/** The first bytes of a PNG: what the server checks a photo by (the picture itself is only kept, never read there). */
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3])
