import nodemailer from 'nodemailer'
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
    const transport = nodemailer.createTransport({
      host: s.smtp_host,
      port: s.smtp_port,
      secure: s.smtp_secure,
      auth: s.smtp_user ? { user: s.smtp_user, pass: s.smtp_password } : undefined,
      // A LAN mail relay often has a self-made certificate; the reset link itself is single use and short-lived.
      tls: { rejectUnauthorized: false },
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
