import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { shownCode } from '../../../src/contract/barcodes'
import type { Item } from '../../../src/contract/stock'
import { listKitchenInventory } from '../api/kitchen'
import { searchItems } from '../api/stock'
import { useFormat } from '../lib/useFormat'
import { PICKER } from '../messages/common'
import { useDebounced } from './useDebounced'
import { ScanButton, useKeyboardScans } from './scan/ScanButton'
import { useScanLookup } from './scan/UnknownCode'

export interface PickedItem {
  id: number
  name: string
  unit: string
  /** The balance where the picker looks (main store or kitchen), when known. */
  quantity?: number
  barcode?: string | null
  /** A second line in the list (category, balance). */
  detail?: string
}

/** Where the picker searches: the store's items (`/items/search`) or the kitchen's stock. */
export type ItemSource = 'store' | 'kitchen'

/** A store item as the picker holds it. */
export const pickedFromItem = (i: Item, detail?: string): PickedItem => ({ id: i.id, name: i.name, unit: i.unit, quantity: i.current_quantity, barcode: i.barcode, detail })

interface ItemPickerProps {
  label: string
  source: ItemSource
  value: PickedItem | null
  onChange: (item: PickedItem | null) => void
  error?: string
  hint?: string
  placeholder?: string
  autoFocus?: boolean
  /** Float the options over the page (a filter bar) instead of in the flow (dialogs). */
  floating?: boolean
  /** A camera button beside the box, and keyboard-scanner codes typed into it pick the item they find. */
  scan?: boolean
}

/** What the box searches for: everything while it shows the chosen item's name, else the typed text. */
const searchTerm = (text: string, value: PickedItem | null) => (value && text === value.name ? '' : text.trim())

/**
 * The item picker (DECISIONS "Shapes"): an ARIA 1.2 combobox searching as you type. Arrow keys move,
 * Enter picks, Esc closes; typing clears the choice, and leaving the box shows the choice again.
 */
export function ItemPicker({ label, source, value, onChange, error, hint, placeholder = PICKER.placeholder, autoFocus, floating, scan }: ItemPickerProps) {
  const id = useId()
  const listId = `${id}-list`
  const f = useFormat()
  const [text, setText] = useState(value?.name ?? '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  // `term` is what the rows were searched for: Enter picks only from rows that match the text in the box.
  const [state, setState] = useState<{ rows: PickedItem[]; term: string | null; loading: boolean; error: string | null }>({ rows: [], term: null, loading: false, error: null })
  const q = useDebounced(text, 250)
  const lastValue = useRef(value)
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(blurTimer.current), [])

  // A choice made elsewhere (reset, edit, a prefilled item) shows its name.
  useEffect(() => {
    if (lastValue.current !== value) {
      lastValue.current = value
      setText(value?.name ?? '')
    }
  }, [value])

  useEffect(() => {
    if (!open) return
    const ctrl = new AbortController()
    const term = searchTerm(q, value)
    setState((s) => ({ ...s, loading: true, error: null }))
    const found =
      source === 'store'
        ? searchItems(term, 8, ctrl.signal).then((r) => r.data.map((i) => pickedFromItem(i, PICKER.inStore(i.category_name, f.quantity(i.current_quantity, i.unit)))))
        : listKitchenInventory({ page: 1, limit: 8, q: term || undefined }, ctrl.signal).then((r) =>
            r.data.map((k) => ({ id: k.item_id, name: k.item_name, unit: k.unit, quantity: k.quantity, detail: PICKER.inKitchen(f.quantity(k.quantity, k.unit)) })),
          )
    found.then(
      (rows) => {
        setState({ rows, term, loading: false, error: null })
        setActive(0)
      },
      (err: unknown) => {
        if (!ctrl.signal.aborted) setState({ rows: [], term, loading: false, error: err instanceof Error ? err.message : String(err) })
      },
    )
    return () => ctrl.abort()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, open, source])

  const pick = (item: PickedItem) => {
    lastValue.current = item
    setText(item.name)
    setOpen(false)
    onChange(item)
  }

  // A scan (camera, or a keyboard scanner while this box has focus) picks the item its code finds.
  const [focused, setFocused] = useState(false)
  const scanner = useScanLookup((r) => {
    clearTimeout(blurTimer.current)
    pick({ id: r.item.id, name: r.item.name, unit: r.item.unit, quantity: source === 'store' ? r.item.current_quantity : undefined, barcode: r.code })
  })
  useKeyboardScans((code) => void scanner.lookup(code), !!scan && focused)

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      if (!open) setOpen(true)
      else setActive((a) => Math.min(a + 1, state.rows.length - 1))
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setActive((a) => Math.max(a - 1, 0))
    } else if (e.key === 'Enter') {
      // Not from rows still being fetched or left from an earlier search (typed fast, or a scan taken for typing).
      const current = !state.loading && state.term === searchTerm(text, value)
      if (open && current && state.rows[active]) {
        e.preventDefault()
        pick(state.rows[active])
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault()
        e.stopPropagation()
        setOpen(false)
      }
    }
  }

  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined
  return (
    <div className="relative space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <div className={scan ? 'flex gap-2' : undefined}>
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && state.rows[active] ? `${listId}-${state.rows[active].id}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          data-autofocus={autoFocus ? true : undefined}
          value={text}
          placeholder={placeholder}
          onChange={(e) => {
            setText(e.target.value)
            setOpen(true)
            if (value) {
              lastValue.current = null
              onChange(null)
            }
          }}
          onFocus={() => {
            clearTimeout(blurTimer.current)
            setFocused(true)
            setOpen(true)
          }}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setFocused(false)
            // The list folds a moment later, so a click that began as it folded (a button below) still lands
            // where it was aimed; typed text that matches nothing chosen is dropped.
            blurTimer.current = setTimeout(() => {
              setOpen(false)
              setText(lastValue.current?.name ?? '')
            }, 150)
          }}
          onKeyDown={onKey}
          className={`block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-500 sm:text-sm dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 ${
            error ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-600'
          }`}
        />
        {scan && <ScanButton label={PICKER.scan} className="shrink-0" onCode={scanner.lookup} />}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        aria-busy={state.loading}
        hidden={!open}
        className={`${floating ? 'absolute inset-x-0 z-30' : ''} max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900`}
      >
        {state.rows.map((item, i) => (
          <li
            key={item.id}
            id={`${listId}-${item.id}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(item)}
            onMouseEnter={() => setActive(i)}
            className={`flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1.5 ${i === active ? 'bg-brand-50 dark:bg-slate-800' : ''}`}
          >
            <span className="font-medium">
              {item.name}
              {item.barcode && <span className="ml-2 text-xs font-normal text-slate-600 dark:text-slate-400">{shownCode(item.barcode)}</span>}
            </span>
            {item.detail && <span className="text-xs text-slate-600 dark:text-slate-400">{item.detail}</span>}
          </li>
        ))}
        {state.rows.length === 0 && (
          <li role="option" aria-disabled="true" aria-selected="false" className="px-3 py-2 text-slate-600 dark:text-slate-400">
            {state.loading ? PICKER.searching : (state.error ?? PICKER.none(text.trim() || undefined))}
          </li>
        )}
      </ul>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {scanner.dialog}
    </div>
  )
}
