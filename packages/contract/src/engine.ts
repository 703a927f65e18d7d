import { z } from 'zod';

/** The AI engine that answered (decision 006): the built-in offline engine or an OpenAI-compatible model. */
export const engineNameSchema = z.enum(['offline', 'openai-compatible']);
