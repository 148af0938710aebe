import { useId, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import { AUTH } from '../messages/auth'

const inputClass = (invalid: boolean) =>
  `block min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 sm:text-sm dark:bg-slate-900 dark:text-slate-100 ${
    invalid ? 'border-red-500 dark:border-red-400' : 'border-slate-300 dark:border-slate-600'
  } read-only:border-transparent read-only:bg-slate-100 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500 disabled:opacity-60 dark:read-only:bg-slate-800`

interface ShellProps {
  id: string
  label: string
  error?: string
  hint?: string
  children: ReactNode
}

/** A visible label bound to its control, an optional hint and the field's inline error. */
function FieldShell({ id, label, error, hint, children }: ShellProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}

const describedBy = (id: string, error?: string, hint?: string) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined)

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

/** What every field's control shares: its id (given or made), the value, and the error/hint wiring. */
function useControl(given: string | undefined, value: string, onChange: (value: string) => void, error?: string, hint?: string) {
  const auto = useId()
  const id = given ?? auto
  return {
    id,
    value,
    onChange: (e: ChangeEvent<Control>) => onChange(e.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
    className: inputClass(!!error),
  }
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  hint?: string
}

export function TextField({ label, value, onChange, error, hint, id, ...rest }: InputProps) {
  const control = useControl(id, value, onChange, error, hint)
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <input {...control} {...rest} />
    </FieldShell>
  )
}

/** A password with a show/hide button; `toggle: 'typed'` shows the button only once text is typed (Login). */
export function PasswordField({ toggle = 'always', ...props }: Omit<InputProps, 'type'> & { toggle?: 'always' | 'typed' }) {
  const { label, value, onChange, error, hint, id: given, ...rest } = props
  const { id, ...control } = useControl(given, value, onChange, error, hint)
  const [shown, setShown] = useState(false)
  const hasToggle = toggle === 'always' || value.length > 0
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <input id={id} type={shown && hasToggle ? 'text' : 'password'} {...control} className={`${control.className} pr-12`} {...rest} />
        {hasToggle && (
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-label={shown ? AUTH.hidePassword : AUTH.showPassword}
            aria-controls={id}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
          >
            <EyeIcon crossed={shown} />
          </button>
        )}
      </div>
    </FieldShell>
  )
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  )
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: string
  value: string
  onChange: (value: string) => void
  options: readonly { value: string; label: string }[]
  placeholder?: string
  error?: string
  hint?: string
}

export function SelectField({ label, value, onChange, options, placeholder, error, hint, id, ...rest }: SelectProps) {
  const control = useControl(id, value, onChange, error, hint)
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <select {...control} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  hint?: string
}

export function TextAreaField({ label, value, onChange, error, hint, id, rows = 3, ...rest }: TextAreaProps) {
  const control = useControl(id, value, onChange, error, hint)
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <textarea rows={rows} {...control} {...rest} />
    </FieldShell>
  )
}
