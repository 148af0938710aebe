import { Elysia } from 'elysia'
import type { AppDeps } from '../../deps'
import { ForgotPasswordBody, RESET_TOO_OFTEN, ResetPasswordBody } from '../../contract/auth'
import { tooManyRequests } from '../../lib/errors'
import { clientAddress } from '../../http/client-address'
import { MSG } from '../../contract/messages'
import { ok } from '../../http/envelope'
import { parse } from '../../http/validate'

/** Public (no token): forgot, validate, reset. */
export const passwordResetRoutes = ({ passwordReset: reset }: AppDeps) => {

  return new Elysia({ name: 'password-reset-routes', prefix: '/password-reset' })
    .post('/forgot-password', ({ body, request }) => {
      const { email } = parse(ForgotPasswordBody, body)
      if (!reset.allowRequest(clientAddress(request))) throw tooManyRequests(RESET_TOO_OFTEN)
      // Not awaited: waiting for the mail server would tell by the answer's time whether the account exists.
      void reset.requestReset(email)
      return ok(null, MSG.resetEmailSent)
    })
    .get('/validate-token/:token', ({ params }) => ok(reset.validate(params.token), 'Reset link is valid'))
    .post('/reset-password', async ({ body }) => {
      const { token, newPassword } = parse(ResetPasswordBody, body)
      await reset.reset(token, newPassword)
      return ok(null, MSG.resetSuccess)
    })
}
