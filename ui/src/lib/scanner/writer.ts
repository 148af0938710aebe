// Label codes drawn in the browser by zxing-wasm's writer build (a lazy chunk of the labels page);
// its .wasm is one of RIMS's hashed assets, never fetched from elsewhere.
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer'
import wasmUrl from 'zxing-wasm/writer/zxing_writer.wasm?url'

prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, window.location.href).href : prefix + path) },
})

/** An SVG of `text` as a QR code or a Code 128, as a data: URL for an <img>. */
export async function barcodeImage(text: string, format: 'QRCode' | 'Code128'): Promise<string> {
  const r = await writeBarcode(text, { format, withQuietZones: true, withHRT: false })
  if (r.error) throw new Error(r.error)
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(r.svg)}`
}
