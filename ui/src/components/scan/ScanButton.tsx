import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { listenForScans } from '../../lib/scanner/hid'
import { SCAN_UI } from '../../messages/scan'
import { Button } from '../Button'
import { primeAudio } from './feedback'

// The camera and its decoder are a separate chunk, fetched only when the camera opens.
const CameraScanner = lazy(() => import('./CameraScanner'))

interface ScanButtonProps {
  onCode: (text: string) => void | boolean | Promise<void | boolean>
  continuous?: boolean
  title?: string
  status?: ReactNode
  label?: string
  className?: string
}

/** A "Scan with camera" button that opens the camera scanner (lazily, decoder included). */
export function ScanButton({ onCode, continuous, title, status, label = SCAN_UI.openCamera, className = '' }: ScanButtonProps) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        variant="secondary"
        className={className}
        onClick={() => {
          primeAudio()
          setOpen(true)
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 7V5a2 2 0 0 1 2-2h2M17 3h2a2 2 0 0 1 2 2v2M21 17v2a2 2 0 0 1-2 2h-2M7 21H5a2 2 0 0 1-2-2v-2M7 8v8M10 8v8M13 8v8M17 8v8" />
        </svg>
        {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CameraScanner title={title} continuous={continuous} status={status} onCode={onCode} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}

/** Keyboard (HID) scanner codes while the component is mounted: the listener swallows the Enter/Tab that ends them. */
export function useKeyboardScans(onScan: (code: string) => void, enabled = true) {
  const ref = useRef(onScan)
  ref.current = onScan
  useEffect(() => {
    if (!enabled) return
    return listenForScans((code) => ref.current(code))
  }, [enabled])
}
