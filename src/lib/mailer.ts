import type { Settings } from '../contract/settings'

export interface Mail {
  to: string
  subject: string
  text: string
}
export interface Mailer {
  /** Sends through the SMTP server in settings; false when none is configured. */
  send(mail: Mail): Promise<boolean>
}

/** nodemailer over the SMTP settings, read at each send so a change in Settings applies at once. */
export const createMailer = (settings: () => Settings): Mailer => ({
  async send(mail) {
    const s = settings()
    if (!s.smtp_host) return false
    // nodemailer loads with the first mail, not at start.
    const { default: nodemailer } = await import('nodemailer')
    const transport = nodemailer.createTransport({
      host: s.smtp_host,
      port: s.smtp_port,
      secure: s.smtp_secure,
      // A reset link is a password: never sent in clear text. Without implicit TLS, STARTTLS is required.
      requireTLS: !s.smtp_secure,
      auth: s.smtp_user ? { user: s.smtp_user, pass: s.smtp_password } : undefined,
      // The certificate is always verified; a LAN relay with a self-made certificate is trusted through smtp_ca.
      tls: { rejectUnauthorized: true, minVersion: 'TLSv1.2', ...(s.smtp_ca ? { ca: [s.smtp_ca] } : {}) },
      connectionTimeout: 10_000,
    })
    try {
      await transport.sendMail({ from: s.smtp_from, ...mail })
      return true
    } finally {
      transport.close()
    }
  },
})
