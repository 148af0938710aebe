/// <reference lib="webworker" />
// Label codes drawn by zxing-wasm's writer build in a Web Worker: WebAssembly compiles there (the page's
// CSP, script-src 'self', does not allow it on the page), and its .wasm is one of RIMS's hashed assets.
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer'
import wasmUrl from 'zxing-wasm/writer/zxing_writer.wasm?url'

prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, self.location.href).href : prefix + path) },
})

self.onmessage = async (e: MessageEvent<{ id: number; text: string; format: 'QRCode' | 'Code128' }>) => {
  const { id, text, format } = e.data
  try {
    const r = await writeBarcode(text, { format, withQuietZones: true, withHRT: false })
    self.postMessage(r.error ? { id, error: r.error } : { id, svg: r.svg })
  } catch (err) {
    self.postMessage({ id, error: String(err) })
  }
}
