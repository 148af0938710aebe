import { useId, type ReactNode } from 'react'
import type { ConnectInfo } from '../../../../src/contract/connect'
import { Button, buttonClass } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { Spinner } from '../../components/Spinner'
import { UI } from '../../messages/common'
import { ThisPhoneOffline } from './ThisPhoneOffline'

/** The server's SVG shown as an image (never injected as HTML); the CSP allows data: images. */
const svgSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`

const STEPS: { platform: string; steps: ReactNode[] }[] = [
  {
    platform: 'Android (Chrome)',
    steps: [
      'Tap Download certificate; the file ca.crt downloads.',
      'Open Settings → Security and privacy → More security settings → Encryption and credentials → Install a certificate → CA certificate (search Settings for “CA certificate” if the names differ).',
      'Accept the warning and pick the downloaded ca.crt.',
      'Open the HTTPS address above (or scan its QR code).',
      'Sign in and open a count sheet: it says “Works offline” once the phone opens RIMS without the box (a Manager sees “This phone opens RIMS without the box.” on this screen).',
    ],
  },
  {
    platform: 'iPhone / iPad (Safari)',
    steps: [
      'In Safari, tap Download certificate and allow the configuration profile.',
      'Install the profile: Settings → General → VPN & Device Management → RIMS local CA → Install.',
      'Turn on full trust: Settings → General → About → Certificate Trust Settings → RIMS local CA. Without this step Safari still warns.',
      'Open the HTTPS address above (or scan its QR code with the Camera).',
      'Sign in and open a count sheet: it says “Works offline” once the phone opens RIMS without the box (a Manager sees “This phone opens RIMS without the box.” on this screen).',
    ],
  },
  {
    platform: 'Windows',
    steps: [
      'Download the certificate and open ca.crt.',
      'Choose Install Certificate… → Local Machine (or Current User) → Place all certificates in the following store → Trusted Root Certification Authorities.',
      'Restart the browser and open the HTTPS address. Chrome and Edge use it at once.',
    ],
  },
  {
    platform: 'macOS',
    steps: [
      'Download the certificate and open ca.crt; Keychain Access adds it to the login keychain.',
      'Double-click “RIMS local CA”, open Trust and set “When using this certificate” to Always Trust.',
      'Open the HTTPS address in Safari or Chrome.',
    ],
  },
]

interface ConnectProps {
  info: ConnectInfo | null
  loading: boolean
  error: string | null
  retry: () => void
  /** The require_https switch and the public URL choice: settings saved with the form. */
  children: ReactNode
}

export function ConnectDevice({ info, loading, error, retry, children }: ConnectProps) {
  const headingId = useId()
  const httpsOn = !!info?.urls.some((u) => u.https)
  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          Connect a device
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">Open RIMS on a phone, tablet or computer on the restaurant's network.</p>
      </div>
      <ThisPhoneOffline />

      {error ? (
        <div className="space-y-3">
          <ErrorLine message={error} />
          <Button variant="secondary" onClick={retry}>
            {UI.retry}
          </Button>
        </div>
      ) : loading || !info ? (
        <Spinner label="Loading addresses" />
      ) : (
        <>
          {!httpsOn && (
            <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
              HTTPS is off on this server: devices connect over plain HTTP, and passwords cross the network unencrypted. Start RIMS without <code>--https-port 0</code> to turn HTTPS on.
            </p>
          )}
          <ul aria-label={httpsOn ? 'HTTPS addresses' : 'HTTP addresses'} className="grid gap-4 sm:grid-cols-2">
            {info.urls.map((u) => {
              const target = u.https ?? u.http
              const svg = info.qr_svgs[target]
              return (
                <li key={target} className="flex flex-col items-center gap-3 rounded-xl border border-slate-200 p-4 text-center dark:border-slate-700">
                  {svg && <img src={svgSrc(svg)} alt={`QR code for ${target}`} width={176} height={176} className="size-44 rounded-lg bg-white p-1" />}
                  <a href={target} className="text-base font-semibold break-all text-brand-800 underline dark:text-brand-300">
                    {target}
                  </a>
                  {u.https && <p className="text-xs break-all text-slate-600 dark:text-slate-400">Without HTTPS: {u.http}</p>}
                </li>
              )
            })}
          </ul>

          {httpsOn && (
            <div className="space-y-3">
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Each device trusts RIMS once it has installed the restaurant's own certificate. Install it, then compare the fingerprint shown by the device with this one:
              </p>
              <a href="/ca.crt" download="rims-ca.crt" className={buttonClass('secondary')}>
                Download certificate
              </a>
              {info.ca_fingerprint_sha256 && (
                <div>
                  <p className="text-sm font-medium text-slate-700 dark:text-slate-200">Certificate fingerprint (SHA-256)</p>
                  <code className="mt-1 block rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs break-all dark:bg-slate-800" data-testid="ca-fingerprint">
                    {info.ca_fingerprint_sha256}
                  </code>
                </div>
              )}
              <div className="space-y-2">
                {STEPS.map(({ platform, steps }) => (
                  <details key={platform} className="rounded-xl border border-slate-200 dark:border-slate-700">
                    <summary className="flex min-h-11 cursor-pointer items-center px-4 text-sm font-semibold">{platform}</summary>
                    <ol className="list-decimal space-y-1 px-4 pb-4 pl-9 text-sm text-slate-700 dark:text-slate-300">
                      {steps.map((s, i) => (
                        <li key={i}>{s}</li>
                      ))}
                    </ol>
                  </details>
                ))}
              </div>
            </div>
          )}
        </>
      )}
      {children}
    </section>
  )
}
