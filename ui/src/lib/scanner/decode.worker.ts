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

const OPTIONS: ReaderOptions = {
  formats: ['EAN13', 'EAN8', 'UPCA', 'UPCE', 'Code128', 'ITF', 'DataBar', 'DataBarExp', 'DataMatrix', 'QRCode'],
  tryHarder: true,
  maxNumberOfSymbols: 1,
  textMode: 'HRI',
}

self.onmessage = async (e: MessageEvent<DecodeRequest>) => {
  const { id, image } = e.data
  const started = performance.now()
  try {
    const found = (await readBarcodes(image, OPTIONS)).find((r) => r.isValid)
    const answer: DecodeAnswer = { id, text: found?.text ?? null, format: found?.format ?? null, ms: performance.now() - started }
    self.postMessage(answer)
  } catch (err) {
    self.postMessage({ id, text: null, format: null, ms: performance.now() - started, error: String(err) } satisfies DecodeAnswer)
  }
}
