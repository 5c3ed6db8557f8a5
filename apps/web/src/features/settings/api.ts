/** Settings calls (spec part 2 §7). */
import { messageResponseSchema } from '@gameon/shared';
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@gameon/shared';
import { apiRequest } from '../../lib/api-client';

/**
 * `POST /settings/change-password`: 400 'Current password is incorrect'. The member's other
 * sessions are revoked; this one stays valid.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) =>
      (
        await apiRequest('/settings/change-password', {
          method: 'POST',
          body,
          schema: messageResponseSchema,
        })
      ).data,
  });
}
