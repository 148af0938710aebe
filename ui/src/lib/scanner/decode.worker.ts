/// <reference lib="webworker" />
// The camera's decoder: zxing-wasm (reader build) in a Web Worker, so decoding never blocks the page.
// Its .wasm is one of RIMS's own hashed assets (served by the box as application/wasm): locateFile
// points there, never at zxing-wasm's default CDN, so no request leaves the box.
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader'
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'

export interface DecodeRequest {
  id: number
  image: ImageData
}
export interface DecodeAnswer {
  id: number
  /** The code as read (GS1 in its bracketed form), or null. */
  text: string | null
  format: string | null
  /** Time spent decoding this frame in the worker, ms. */
  ms: number
  error?: string
}

prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, self.location.href).href : prefix + path) },
})

// What a restaurant's goods carry (issue 31): EAN/UPC, Code 128 (GS1-128 is Code 128 with FNC1), QR and DataMatrix.
// ITF-14 and DataBar are left to keyboard scanners (docs/barcodes.md): each format searched costs every frame.
const LINEAR: ReaderOptions['formats'] = ['EAN13', 'EAN8', 'UPCA', 'UPCE', 'Code128']
/** Every frame: the code as held, upright or tilted a little (QR and DataMatrix are found at any angle anyway). */
const STRAIGHT: ReaderOptions = { formats: [...LINEAR!, 'DataMatrix', 'QRCode'], tryHarder: true, tryRotate: false, tryInvert: false, maxNumberOfSymbols: 1, textMode: 'HRI' }
/** Only when the straight pass found nothing: a bar code held sideways or upside down (linear formats alone need turning). */
const TURNED: ReaderOptions = { formats: LINEAR, tryHarder: false, tryRotate: true, tryInvert: false, maxNumberOfSymbols: 1, textMode: 'HRI' }

const read = async (image: ImageData, options: ReaderOptions) => (await readBarcodes(image, options)).find((r) => r.isValid)

self.onmessage = async (e: MessageEvent<DecodeRequest>) => {
  const { id, image } = e.data
  const started = performance.now()
  try {
    const found = (await read(image, STRAIGHT)) ?? (await read(image, TURNED))
    const answer: DecodeAnswer = { id, text: found?.text ?? null, format: found?.format ?? null, ms: performance.now() - started }
    self.postMessage(answer)
  } catch (err) {
    self.postMessage({ id, text: null, format: null, ms: performance.now() - started, error: String(err) } satisfies DecodeAnswer)
  }
}
