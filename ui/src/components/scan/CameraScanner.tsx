import { useEffect, useRef, useState, type ReactNode } from 'react'
import { createAgreement } from '../../lib/scanner/agreement'
import type { DecodeAnswer } from '../../lib/scanner/decode.worker'
import { SCAN_UI } from '../../messages/scan'
import { Button } from '../Button'
import { Modal } from '../Modal'
import { scanFeedback } from './feedback'

/** Frames go to the decoder at most this wide (640×480 from a 4:3 camera): enough for a shelf label, fast to decode. */
const FRAME_WIDTH = 640

declare global {
  interface Window {
    /** Per-frame decode times in the worker (ms), for the measurements in docs/barcodes.md. */
    __rimsDecodeMs?: number[]
    /** Per accepted code: ms from grabbing the first frame that read it to its handler (e.g. the count) finishing. */
    __rimsScanToDoneMs?: number[]
  }
}

type TorchTrack = Omit<MediaStreamTrack, "getCapabilities"> & { getCapabilities?: () => MediaTrackCapabilities & { torch?: boolean } }

function cameraError(err: unknown): string {
  const name = err instanceof DOMException ? err.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return SCAN_UI.refused
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return SCAN_UI.absent
  if (name === 'NotReadableError' || name === 'AbortError') return SCAN_UI.busy
  return SCAN_UI.failed(err instanceof Error ? err.message : String(err))
}

interface CameraScannerProps {
  title?: string
  /** A code accepted (two agreeing frames, not the one just taken): return false to sound the error beep. */
  onCode: (text: string) => void | boolean | Promise<void | boolean>
  onClose: () => void
  /** Count mode: keep scanning after each code; otherwise close on the first. */
  continuous?: boolean
  /** A line under the picture: what the last scan did. */
  status?: ReactNode
}

/**
 * The camera scanner: the back camera, frames decoded continuously by zxing-wasm in a Web Worker,
 * a code taken after two agreeing frames and the same code ignored for 1.5 s, a beep and a
 * vibration, the torch where the camera has one, and a clear message when there is no camera.
 * Loaded (with the decoder) only when it opens.
 */
export default function CameraScanner({ title = SCAN_UI.cameraTitle, onCode, onClose, continuous = false, status }: CameraScannerProps) {
  const video = useRef<HTMLVideoElement>(null)
  const [phase, setPhase] = useState<'starting' | 'scanning' | { error: string }>('starting')
  const [torch, setTorch] = useState<{ track: TorchTrack; on: boolean } | null>(null)
  const onCodeRef = useRef(onCode)
  onCodeRef.current = onCode
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  useEffect(() => {
    let stopped = false
    let stream: MediaStream | null = null
    let worker: Worker | null = null
    const agreement = createAgreement()
    const canvas = document.createElement('canvas')
    const ctx = canvas.getContext('2d', { willReadFrequently: true })

    async function start() {
      if (!window.isSecureContext) return setPhase({ error: SCAN_UI.insecure })
      if (!navigator.mediaDevices?.getUserMedia) return setPhase({ error: SCAN_UI.absent })
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } } })
      } catch (err) {
        return setPhase({ error: cameraError(err) })
      }
      if (stopped) return stream.getTracks().forEach((t) => t.stop())
      const el = video.current!
      el.srcObject = stream
      await el.play().catch(() => undefined)
      const track = stream.getVideoTracks()[0] as unknown as TorchTrack | undefined
      if (track?.getCapabilities?.().torch) setTorch({ track, on: false })
      worker = new Worker(new URL('../../lib/scanner/decode.worker.ts', import.meta.url), { type: 'module' })
      worker.onerror = () => setPhase({ error: SCAN_UI.decoderFailed })
      setPhase('scanning')
      let nextId = 0
      const pending = new Map<number, (a: DecodeAnswer) => void>()
      worker.onmessage = (e: MessageEvent<DecodeAnswer>) => {
        pending.get(e.data.id)?.(e.data)
        pending.delete(e.data.id)
      }
      const decode = (image: ImageData) =>
        new Promise<DecodeAnswer>((resolve) => {
          const id = ++nextId
          pending.set(id, resolve)
          worker!.postMessage({ id, image }, [image.data.buffer])
        })

      // When the code now in view was first read (for the camera-to-done figure).
      const seen = { text: null as string | null, at: 0 }
      while (!stopped) {
        if (!ctx || el.readyState < 2 || !el.videoWidth) {
          await new Promise((r) => setTimeout(r, 50))
          continue
        }
        const scale = Math.min(1, FRAME_WIDTH / el.videoWidth)
        canvas.width = Math.round(el.videoWidth * scale)
        canvas.height = Math.round(el.videoHeight * scale)
        const grabbedAt = performance.now()
        ctx.drawImage(el, 0, 0, canvas.width, canvas.height)
        const answer = await decode(ctx.getImageData(0, 0, canvas.width, canvas.height))
        if (stopped) break
        ;(window.__rimsDecodeMs ??= []).push(answer.ms)
        if (answer.text !== seen.text) Object.assign(seen, { text: answer.text, at: grabbedAt })
        const accepted = agreement.frame(answer.text, performance.now())
        if (accepted) {
          const result = await onCodeRef.current(accepted)
          ;(window.__rimsScanToDoneMs ??= []).push(performance.now() - seen.at)
          scanFeedback(result !== false)
          if (!continuous) {
            onCloseRef.current()
            break
          }
        }
        // Let the page breathe between frames (about 10–15 decodes a second on a phone).
        await new Promise((r) => setTimeout(r, 30))
      }
    }
    void start()
    return () => {
      stopped = true
      worker?.terminate()
      stream?.getTracks().forEach((t) => t.stop())
    }
  }, [continuous])

  async function toggleTorch() {
    if (!torch) return
    const on = !torch.on
    try {
      await torch.track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] })
      setTorch({ ...torch, on })
    } catch {
      setTorch(null)
    }
  }

  const error = typeof phase === 'object' ? phase.error : null
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      footer={
        <>
          {torch && (
            <Button variant="secondary" aria-pressed={torch.on} onClick={toggleTorch}>
              {torch.on ? SCAN_UI.torchOff : SCAN_UI.torchOn}
            </Button>
          )}
          <Button onClick={onClose}>{SCAN_UI.done}</Button>
        </>
      }
    >
      <div className="space-y-3" data-testid="camera-scanner" data-phase={typeof phase === 'string' ? phase : 'error'}>
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            {error}
          </p>
        ) : (
          <div className="relative overflow-hidden rounded-lg bg-black">
            <video ref={video} muted playsInline autoPlay aria-label={SCAN_UI.aim} className="aspect-[4/3] w-full object-cover" />
            <div aria-hidden="true" className="pointer-events-none absolute inset-x-[10%] top-1/3 h-1/3 rounded-md border-2 border-white/80" />
          </div>
        )}
        {!error && (
          <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
            {phase === 'starting' ? SCAN_UI.starting : (status ?? SCAN_UI.aim)}
          </p>
        )}
      </div>
    </Modal>
  )
}
