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

let raise: (() => void) | null = null

/** The Toaster registers how it puts itself on top; `Modal` calls this after each `showModal()`. */
export const setToastRaiser = (fn: (() => void) | null) => {
  raise = fn
}
/** Puts the toasts above whatever entered the top layer last (an open modal dialog). */
export const raiseToasts = () => raise?.()

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}
const get = () => toasts
export const useToasts = () => useSyncExternalStore(subscribe, get, get)
