import { useMutation } from '@tanstack/react-query';
import {
  subscriptionPaths,
  type ValidatePromoBody,
  type ValidatePromoDto,
  validatePromoDto,
} from '@/contracts/subscription';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/subscription/validate-promo: an unknown or expired code answers `valid: false` with the reason. */
export async function validatePromo(body: ValidatePromoBody): Promise<ValidatePromoDto> {
  return validatePromoDto.parse(await apiRequest('POST', subscriptionPaths.validatePromo, body));
}

export function useValidatePromo() {
  return useMutation({ mutationFn: validatePromo });
}
