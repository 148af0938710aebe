// Label codes for the labels page: drawn in a worker (writer.worker.ts), returned as data: URLs for <img>.
let worker: Worker | null = null
let nextId = 0
const pending = new Map<number, { resolve: (svg: string) => void; reject: (e: Error) => void }>()

function getWorker() {
  if (worker) return worker
  worker = new Worker(new URL('./writer.worker.ts', import.meta.url), { type: 'module' })
  worker.onmessage = (e: MessageEvent<{ id: number; svg?: string; error?: string }>) => {
    const p = pending.get(e.data.id)
    pending.delete(e.data.id)
    if (e.data.svg !== undefined) p?.resolve(e.data.svg)
    else p?.reject(new Error(e.data.error ?? 'failed'))
  }
  return worker
}

/** An SVG of `text` as a QR code or a Code 128, as a data: URL for an <img>. */
export function barcodeImage(text: string, format: 'QRCode' | 'Code128'): Promise<string> {
  const id = ++nextId
  return new Promise<string>((resolve, reject) => {
    pending.set(id, { resolve: (svg) => resolve(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`), reject })
    getWorker().postMessage({ id, text, format })
  })
}
