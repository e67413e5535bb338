import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DeclineChangeOrderBody,
  type SignChangeOrderBody,
  signCodeSentDto,
  signDoneDto,
  signingStatusDto,
  signPaths,
  signSessionDto,
  type VerifySignCodeBody,
} from '@/contracts/change-orders';
import { ApiError, apiRequest } from '@/web/lib/api-client';
import { changeOrderKeys } from './keys';

/**
 * The client's side of a signing link (no staff session): the link's state, the e-mailed code, the
 * PDF, and signing or declining. The verified session is an http-only cookie the server sets.
 */
export const signingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: changeOrderKeys.signing(token),
    queryFn: async () => signingStatusDto.parse(await apiRequest('GET', signPaths.status(token))),
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useSigning(token: string) {
  return useQuery(signingQueryOptions(token));
}

/** GET /api/sign/{token}/pdf: the exact PDF whose SHA-256 the signature will hold, as bytes. */
async function fetchPdf(token: string): Promise<Uint8Array> {
  const res = await fetch(signPaths.pdf(token), { credentials: 'include' });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  return new Uint8Array(await res.arrayBuffer());
}

export function useSigningPdf(token: string, enabled: boolean) {
  return useQuery({
    queryKey: changeOrderKeys.signingPdf(token),
    queryFn: () => fetchPdf(token),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/sign/{token}/code: e-mails a code to the address the link was sent to. */
export function useRequestSignCode(token: string) {
  return useMutation({
    mutationFn: async () => signCodeSentDto.parse(await apiRequest('POST', signPaths.code(token), {})),
  });
}

/** POST /api/sign/{token}/verify: the code; the answer's cookie lets this browser sign. */
export function useVerifySignCode(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: VerifySignCodeBody) =>
      signSessionDto.parse(await apiRequest('POST', signPaths.verify(token), body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: changeOrderKeys.signing(token) }),
  });
}

/** POST /api/sign/{token}/sign: the consent and the drawn or typed signature. */
export function useSignChangeOrder(token: string) {
  return useMutation({
    mutationFn: async (body: SignChangeOrderBody) =>
      signDoneDto.parse(await apiRequest('POST', signPaths.sign(token), body)),
  });
}

/** POST /api/sign/{token}/decline: the client declines, with a reason. */
export function useDeclineChangeOrder(token: string) {
  return useMutation({
    mutationFn: async (body: DeclineChangeOrderBody) =>
      signDoneDto.parse(await apiRequest('POST', signPaths.decline(token), body)),
  });
}
