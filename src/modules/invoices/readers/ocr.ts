import type { OcrPage } from '../../../contract/invoices'
import type { Word } from './pdf'
import { rowsOf } from './pdf-text'

// A photo's words, as tesseract.js found them in the phone's browser, turned into the words of a PDF's text layer,
// so that the same table reader (pdf-text.ts: rows by height, columns by x) reads both. A photo is rarely square to
// the page: the words are turned back by the page's slope (from their baselines) before rows are made, so a row that
// drifts a line's height across the page is still one row. OCR gives single words where a PDF gives runs of text:
// words closer than a wide space are joined into one run, so a long description stays in its column as a whole.

/** The width a page is scaled to: an A4 page in PDF points, the size the PDF reader's measures were made for. */
const PAGE_WIDTH = 595

const median = (xs: number[]) => {
  if (xs.length === 0) return 0
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

/** The page's slope (dy/dx): the median of the baselines' slopes, each counted once per pixel of its length. */
export function slopeOf(page: OcrPage): number {
  const samples: { slope: number; weight: number }[] = []
  for (const w of page.words) {
    if (!w.baseline) continue
    const [bx0, by0, bx1, by1] = w.baseline
    const dx = bx1 - bx0
    if (dx < 1) continue
    const slope = (by1 - by0) / dx
    // More than ≈ 10° is not a skewed photo of a table but a mistaken baseline.
    if (Math.abs(slope) < 0.18) samples.push({ slope, weight: dx })
  }
  if (samples.length === 0) return 0
  samples.sort((a, b) => a.slope - b.slope)
  const half = samples.reduce((s, x) => s + x.weight, 0) / 2
  let run = 0
  for (const x of samples) if ((run += x.weight) >= half) return x.slope
  return 0
}

/** Marks OCR makes of dust and grain ("©", ":", "’", "~"), and the stray ones it hangs on a word ("12.", "-Sunflower"). */
const STRAY = `.,:;'"‘’“”|~^°©®«»\`_=*`
const LEADING = new RegExp(`^(?:[${STRAY}]|-(?=\\p{L}))+`, 'u')
/** After a figure every mark is stray ("12." "8.40'"); after a word only those no text ends with ("Tomatoes," keeps its comma). */
const AFTER_FIGURE = new RegExp(`(?<=\\d)[${STRAY}-]+$`, 'u')
const AFTER_WORD = /[©®«»~|^°`_=*]+$/u
/** A word without the stray marks at its ends; '' when nothing else is left (the word is dropped). */
export const cleaned = (text: string) => {
  const t = text.trim().replace(LEADING, '').replace(AFTER_FIGURE, '').replace(AFTER_WORD, '')
  return /[\p{L}\p{N}]/u.test(t) || /^[/&+%#]$/.test(t) ? t : ''
}

/**
 * The words straightened and scaled to a page PAGE_WIDTH wide: x from the left, `top` the word's baseline from the
 * top (as the PDF reader's words), every word as high as the page's usual word (a font size: "kg" and "Flour" are one
 * row). Marks read from dust and grain are left out (`cleaned`).
 */
export function ocrWords(page: OcrPage): Word[] {
  const slope = slopeOf(page)
  const angle = Math.atan(slope)
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  const scale = PAGE_WIDTH / page.width
  const texts = page.words.map((w) => ({ ...w, text: cleaned(w.text) })).filter((w) => w.text !== '')
  const height = median(texts.map((w) => w.y1 - w.y0)) || 1
  const out: Word[] = []
  for (const w of texts) {
    // The baseline under the word's middle (the box's bottom when OCR gave none), turned back by the page's slope.
    const mid = (w.x0 + w.x1) / 2
    const base = w.baseline ? w.baseline[1] + ((w.baseline[3] - w.baseline[1]) * (mid - w.baseline[0])) / Math.max(1, w.baseline[2] - w.baseline[0]) : w.y1
    const x = w.x0 * cos + base * sin
    const top = base * cos - mid * sin
    out.push({ page: 1, x: x * scale, top: top * scale, width: (w.x1 - w.x0) * scale, height: height * scale, str: w.text })
  }
  return runsOf(out)
}

/** Words of one row closer than 0.6 of their height (the gap pdf-text.ts joins a header's words at) make one run. */
function runsOf(words: Word[]): Word[] {
  const runs: Word[] = []
  for (const row of rowsOf(words)) {
    let run: Word | null = null
    for (const w of row.words) {
      if (run && w.x - (run.x + run.width) < 0.6 * w.height) {
        run.str += ` ${w.str}`
        run.width = w.x + w.width - run.x
      } else runs.push((run = { ...w, top: row.top }))
    }
  }
  return runs
}
