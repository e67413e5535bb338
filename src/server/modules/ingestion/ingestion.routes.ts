import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** `POST /api/parse-pdf`: reads an uploaded estimate as text (issue 6 §1). Routes are added here. */
export async function ingestionRoutes(_app: FastifyInstance, _ctx: AppContext) {}
