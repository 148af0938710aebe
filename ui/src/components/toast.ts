import { useSyncExternalStore } from 'react'

/** SPEC §9: toasts close by themselves after 5 seconds. */
export const TOAST_MS = 5000

/** A toast offering Undo stays this long (issue 24: a movement's toast offers Undo for 10 s). */
export const UNDO_MS = 10_000

export interface ToastAction {
  label: string
  /** Runs once; the toast closes when it is pressed. */
  run: () => void
}

export interface Toast {
  id: number
  kind: 'success' | 'error' | 'info'
  title: string
  message?: string
  /** How many identical toasts this one stands for (shown as ×2, ×3…). */
  count: number
  action?: ToastAction
}

export interface ToastInput {
  kind: Toast['kind']
  title: string
  message?: string
  action?: ToastAction
  /** How long it stays; 5 s by default, 10 s with an action. */
  ms?: number
}

let toasts: Toast[] = []
let nextId = 1
const timers = new Map<number, ReturnType<typeof setTimeout>>()
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

/** The toasts shown now (tests read the merged counts here). */
export const currentToasts = (): readonly Toast[] => toasts

export function dismissToast(id: number) {
  clearTimeout(timers.get(id))
  timers.delete(id)
  toasts = toasts.filter((t) => t.id !== id)
  emit()
}

function closeLater(id: number, ms: number) {
  clearTimeout(timers.get(id))
  timers.set(
    id,
    setTimeout(() => dismissToast(id), ms),
  )
}

/**
 * Shows a toast from anywhere (pages, hooks); it closes itself after 5 s (10 s with an action). A toast
 * identical to one still shown (same kind, title and message, no action) merges into it: its count goes
 * up (×2) and its time starts again, instead of a second card.
 */
export function toast(t: ToastInput) {
  const same = t.action ? undefined : toasts.find((o) => !o.action && o.kind === t.kind && o.title === t.title && (o.message ?? '') === (t.message ?? ''))
  const ms = t.ms ?? (t.action ? UNDO_MS : TOAST_MS)
  if (same) {
    toasts = toasts.map((o) => (o === same ? { ...o, count: o.count + 1 } : o))
    emit()
    closeLater(same.id, ms)
    return same.id
  }
  const id = nextId++
  const { ms: _ms, ...shown } = t
  const kept = [...toasts, { ...shown, id, count: 1 }]
  for (const dropped of kept.slice(0, -4)) clearTimeout(timers.get(dropped.id))
  toasts = kept.slice(-4)
  emit()
  closeLater(id, ms)
  return id
}

// The open modal dialogs, newest last. A modal dialog makes everything outside it inert (not
// clickable, not announced), so the Toaster renders inside the newest one while any is open.
let dialogs: HTMLDialogElement[] = []
const hostListeners = new Set<() => void>()
const emitHost = () => hostListeners.forEach((l) => l())

/** `Modal` calls this after `showModal()`. */
export function dialogOpened(dialog: HTMLDialogElement) {
  dialogs = [...dialogs.filter((d) => d !== dialog), dialog]
  emitHost()
}
/** `Modal` calls this when its dialog closes. */
export function dialogClosed(dialog: HTMLDialogElement) {
  dialogs = dialogs.filter((d) => d !== dialog)
  emitHost()
}
const subscribeHost = (l: () => void) => {
  hostListeners.add(l)
  return () => hostListeners.delete(l)
}
const getHost = () => dialogs.at(-1) ?? null
/** Where toasts go: the newest open modal dialog, else null (the page). */
export const useToastHost = () => useSyncExternalStore(subscribeHost, getHost, getHost)

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}
const get = () => toasts
export const useToasts = () => useSyncExternalStore(subscribe, get, get)
