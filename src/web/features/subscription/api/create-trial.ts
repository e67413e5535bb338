import { useMutation } from '@tanstack/react-query';
import {
  type CreateTrialBody,
  type CreateTrialDto,
  createTrialDto,
  subscriptionPaths,
} from '@/contracts/subscription';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/subscription/create-trial: records the plan (and applied promo); answers the card set-up secret, if any. */
export async function createTrial(body: CreateTrialBody): Promise<CreateTrialDto> {
  return createTrialDto.parse(await apiRequest('POST', subscriptionPaths.createTrial, body));
}

export function useCreateTrial() {
  return useMutation({ mutationFn: createTrial });
}
