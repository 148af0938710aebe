import { useSyncExternalStore } from 'react'
import type { User } from '../../../src/contract/auth'
import { isTokenExpired } from './token'

/** SPEC §4: token and user live in localStorage under `rims_user`. */
export const STORAGE_KEY = 'rims_user'

export interface Session {
  token: string
  user: User
}

function read(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY)
    if (!raw) return null
    const s = JSON.parse(raw) as Partial<Session>
    if (typeof s?.token !== 'string' || !s.user || typeof s.user.role_name !== 'string') throw new Error('malformed')
    return s as Session
  } catch {
    localStorage.removeItem(STORAGE_KEY)
    return null
  }
}

let current: Session | null = read()
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEY || e.key === null) {
      current = read()
      emit()
    }
  })
}

export const getSession = () => current

export function setSession(s: Session) {
  current = s
  localStorage.setItem(STORAGE_KEY, JSON.stringify(s))
  emit()
}

export function updateUser(user: User) {
  if (current) setSession({ ...current, user })
}

export function clearSession() {
  localStorage.removeItem(STORAGE_KEY)
  if (current !== null) {
    current = null
    emit()
  }
}

/** Start-up check (SPEC §4): an expired token clears the session silently before anything renders. */
export function dropExpiredSession() {
  if (current && isTokenExpired(current.token)) clearSession()
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}

export const useSession = () => useSyncExternalStore(subscribe, getSession, getSession)

/** Calls `l` on every sign-in and sign-out, outside React (the service worker's registration waits for a sign-in). */
export const onSessionChange = subscribe
