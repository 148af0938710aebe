import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { Item } from '../../../src/contract/stock'
import { searchItems } from '../api/stock'
import { formatQuantity } from '../lib/format'
import { UI } from '../messages'

interface ItemComboboxProps {
  label: string
  value: Item | null
  onChange: (item: Item | null) => void
  error?: string
  hint?: string
  placeholder?: string
  disabled?: boolean
  /** Render the options in the flow (inside dialogs) instead of floating over the page. */
  inline?: boolean
}

/**
 * The item picker (DECISIONS "Shapes"): an ARIA combobox searching `/items/search` as you type.
 * Arrow keys move, Enter picks, Esc closes; clearing the text clears the choice.
 */
export function ItemCombobox({ label, value, onChange, error, hint, placeholder = 'Search by name or barcode', disabled, inline }: ItemComboboxProps) {
  const id = useId()
  const listId = `${id}-list`
  const [text, setText] = useState(value?.name ?? '')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const [state, setState] = useState<{ rows: Item[]; loading: boolean; error: string | null }>({ rows: [], loading: false, error: null })
  const lastValue = useRef(value)

  // A choice made elsewhere (reset, edit) shows its name.
  useEffect(() => {
    if (lastValue.current !== value) {
      lastValue.current = value
      setText(value?.name ?? '')
    }
  }, [value])

  useEffect(() => {
    if (!open) return
    const ctrl = new AbortController()
    setState((s) => ({ ...s, loading: true, error: null }))
    const t = setTimeout(() => {
      const q = value && text === value.name ? '' : text.trim()
      searchItems(q, 10, ctrl.signal).then(
        (r) => {
          setState({ rows: r.data, loading: false, error: null })
          setActive(0)
        },
        (err: unknown) => {
          if (!ctrl.signal.aborted) setState({ rows: [], loading: false, error: err instanceof Error ? err.message : String(err) })
        },
      )
    }, 200)
    return () => {
      clearTimeout(t)
      ctrl.abort()
    }
  }, [text, open])

  const pick = (item: Item) => {
    lastValue.current = item
    setText(item.name)
    setOpen(false)
    onChange(item)
  }

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      if (!open) setOpen(true)
      else setActive((a) => Math.min(a + 1, state.rows.length - 1))
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setActive((a) => Math.max(a - 1, 0))
    } else if (e.key === 'Enter') {
      if (open && state.rows[active]) {
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

  const describedBy = error ? `${id}-error` : hint || value ? `${id}-hint` : undefined
  const showList = open && !disabled
  return (
    <div className="relative space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && state.rows[active] ? `${listId}-${state.rows[active].id}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(e) => {
          setText(e.target.value)
          setOpen(true)
          if (value) {
            lastValue.current = null
            onChange(null)
          }
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKey}
        className={`block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-500 disabled:opacity-60 sm:text-sm dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 ${
          error ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-600'
        }`}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!showList}
        className={`${inline ? '' : 'absolute inset-x-0 z-30'} max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900`}
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
            className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 py-2 ${i === active ? 'bg-brand-50 dark:bg-slate-800' : ''}`}
          >
            <span>
              {item.name}
              {item.barcode && <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">{item.barcode}</span>}
            </span>
            <span className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">{formatQuantity(item.current_quantity, item.unit)}</span>
          </li>
        ))}
        {state.rows.length === 0 && (
          <li role="option" aria-disabled="true" aria-selected="false" className="px-3 py-2 text-slate-600 dark:text-slate-400">
            {state.loading ? 'Searching...' : state.error ? state.error : UI.empty('items', text.trim() || undefined)}
          </li>
        )}
      </ul>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : hint || value ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {value ? `Available: ${formatQuantity(value.current_quantity, value.unit)}` : hint}
        </p>
      ) : null}
    </div>
  )
}
