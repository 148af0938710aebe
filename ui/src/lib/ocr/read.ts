import type { OcrPage, OcrWord } from '../../../../src/contract/invoices'
import { binarize, despeckle } from './binarize'

// A photo of a paper invoice read in the phone's browser (issue 34, 2d) with tesseract.js, from files the box serves
// (plugin.ts): nothing is fetched from anywhere else and the photo never leaves the phone but to the box. The words
// and their boxes go to the box, which reads them as it reads a PDF's text layer.

/** What the person is told while it runs: loading the reader, then reading (0 … 1). */
export type OcrProgress = { stage: 'loading' | 'reading'; progress: number }

/** The words tesseract found on the photo, each with its box and its line's baseline (how the server straightens a skewed photo). */
export async function readPhoto(photo: Blob, onProgress?: (p: OcrProgress) => void): Promise<OcrPage> {
  const base = new URL(__RIMS_OCR_BASE__, location.origin).href
  const { createWorker, OEM } = await import('tesseract.js')
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    workerPath: `${base}worker.min.js`,
    // The LSTM-only SIMD build (every phone browser since 2023 has WebAssembly SIMD); its .wasm is found beside it.
    corePath: `${base}tesseract-core-simd-lstm.js`,
    langPath: base.replace(/\/$/, ''),
    gzip: true,
    // The files are immutable, versioned /assets/ (cached by the browser for a year): no second copy in IndexedDB.
    cacheMethod: 'none',
    // A worker from a blob: URL is refused by the page's CSP (script-src 'self'); the worker's own URL is not.
    workerBlobURL: false,
    logger: (m) => onProgress?.({ stage: m.status === 'recognizing text' ? 'reading' : 'loading', progress: m.progress }),
  })
  try {
    const { canvas, width, height } = await blackAndWhite(photo)
    const { data } = await worker.recognize(canvas, {}, { blocks: true, text: false })
    const clampX = (x: number) => Math.min(width, Math.max(0, x))
    const clampY = (y: number) => Math.min(height, Math.max(0, y))
    const words: OcrWord[] = []
    for (const block of data.blocks ?? [])
      for (const para of block.paragraphs)
        for (const line of para.lines) {
          const b = line.baseline as { x0: number; y0: number; x1: number; y1: number; has_baseline?: boolean } | undefined
          const baseline = b && b.has_baseline !== false && [b.x0, b.y0, b.x1, b.y1].every(Number.isFinite) ? ([clampX(b.x0), clampY(b.y0), clampX(b.x1), clampY(b.y1)] as [number, number, number, number]) : null
          for (const w of line.words) {
            if (w.text.trim() === '') continue
            words.push({ text: w.text.slice(0, 200), x0: clampX(w.bbox.x0), y0: clampY(w.bbox.y0), x1: clampX(w.bbox.x1), y1: clampY(w.bbox.y1), baseline })
          }
        }
    return { width, height, words }
  } finally {
    await worker.terminate()
  }
}

/** The photo as a black-and-white canvas without specks (binarize.ts), the size it was taken at. */
async function blackAndWhite(photo: Blob): Promise<{ canvas: HTMLCanvasElement; width: number; height: number }> {
  const bitmap = await createImageBitmap(photo)
  const { width, height } = bitmap
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!
  ctx.drawImage(bitmap, 0, 0)
  bitmap.close()
  const image = ctx.getImageData(0, 0, width, height)
  const px = image.data
  const grey = new Uint8Array(width * height)
  for (let i = 0; i < grey.length; i++) grey[i] = (px[4 * i] * 77 + px[4 * i + 1] * 150 + px[4 * i + 2] * 29) >> 8
  const bw = binarize(grey, width, height)
  despeckle(bw, width, height)
  for (let i = 0; i < bw.length; i++) px[4 * i] = px[4 * i + 1] = px[4 * i + 2] = bw[i]
  ctx.putImageData(image, 0, 0)
  return { canvas, width, height }
}
