import { useEffect, useId, useRef, useState } from 'react'
import { ScanButton, useKeyboardScans } from './scan/ScanButton'

/** A search box with a visible label; typing is passed on after a short pause. */
export function SearchBox({ label, value, onChange, placeholder, onScan }: { label: string; value: string; onChange: (v: string) => void; placeholder?: string; onScan?: (code: string) => void | boolean | Promise<void | boolean> }) {
  const id = useId()
  const [text, setText] = useState(value)
  // With onScan: a camera button, and a keyboard scanner's code typed into the box goes to onScan instead of the search.
  const [focused, setFocused] = useState(false)
  useKeyboardScans((code) => void onScan?.(code), !!onScan && focused)
  const onChangeRef = useRef(onChange)
  onChangeRef.current = onChange
  useEffect(() => setText(value), [value])
  useEffect(() => {
    if (text === value) return
    const t = setTimeout(() => onChangeRef.current(text), 250)
    return () => clearTimeout(t)
  }, [text, value])
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <div className={onScan ? 'flex gap-2' : undefined}>
        <input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          onChange={(e) => setText(e.target.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-500 sm:text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        {onScan && <ScanButton label="Scan" className="shrink-0" onCode={onScan} />}
      </div>
    </div>
  )
}
