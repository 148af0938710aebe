// Whether this phone opens RIMS without the box (issue 33): the service worker's words.
export const OFFLINE_MODE = {
  /** A service worker controls the page: the app and the count sheet open from the phone when the box does not answer. */
  worksOffline: 'Works offline',
  worksOfflineHint: 'This phone opens RIMS without the box: the count sheet and the kitchen forms open even where the Wi-Fi does not reach.',
  /** No worker (plain HTTP, or an old browser): only the open tab keeps what is typed. */
  keepOpen: 'Keep this page open until synced',
  keepOpenHint: 'This phone cannot open RIMS without the box: keep this page open until what you type is on the box. Open RIMS at its https:// address (Connect in the menu) to work offline.',
  // Settings → Connect: this phone's worker.
  settingsTitle: 'This phone offline',
  registered: 'This phone opens RIMS without the box.',
  installing: 'RIMS is being stored on this phone. Open it once more in a moment to check.',
  insecure: 'This phone cannot open RIMS without the box: this page was not opened over HTTPS. Install the certificate below, then open RIMS at its https:// address.',
  unsupported: 'This browser cannot keep RIMS for offline use. Use an up-to-date Chrome, Safari or Firefox.',
}
