import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** `POST /api/ai/generate-project-plan` and its progress (issue 6 §4). Routes are added here. */
export async function aiRoutes(_app: FastifyInstance, _ctx: AppContext) {}
