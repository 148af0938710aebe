import { useSyncExternalStore } from 'react'

/** SPEC §9: toasts close by themselves after 5 seconds. */
export const TOAST_MS = 5000

export interface Toast {
  id: number
  kind: 'success' | 'error' | 'info'
  title: string
  message?: string
}

let toasts: Toast[] = []
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id)
  emit()
}

/** Shows a toast from anywhere (pages, hooks); it closes itself after 5 s. */
export function toast(t: Omit<Toast, 'id'>) {
  const id = nextId++
  toasts = [...toasts, { ...t, id }].slice(-4)
  emit()
  setTimeout(() => dismissToast(id), TOAST_MS)
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
