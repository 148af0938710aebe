import { navigate } from 'wouter/use-browser-location'
import { clearSession } from './store'

/** SPEC §4: logout clears token and user and goes to the login page. */
export function logout() {
  clearSession()
  navigate('/login', { replace: true })
}
