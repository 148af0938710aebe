import { Elysia } from 'elysia'
import type { AppDeps } from '../../deps'
import { ForgotPasswordBody, ResetPasswordBody } from '../../contract/auth'
import { MSG } from '../../contract/messages'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'

/** Public (no token): forgot, validate, reset. */
export const passwordResetRoutes = ({ passwordReset: reset }: AppDeps) => {

  return new Elysia({ name: 'password-reset-routes', prefix: '/password-reset' })
    .post('/forgot-password', ({ body }) => {
      // Not awaited: waiting for the mail server would tell by the answer's time whether the account exists.
      void reset.requestReset(parse(ForgotPasswordBody, body).email)
      return ok(null, MSG.resetEmailSent)
    })
    .get('/validate-token/:token', ({ params }) => ok(reset.validate(params.token), 'Reset link is valid'))
    .post('/reset-password', async ({ body }) => {
      const { token, newPassword } = parse(ResetPasswordBody, body)
      await reset.reset(token, newPassword)
      return ok(null, MSG.resetSuccess)
    })
}
