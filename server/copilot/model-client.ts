// The Copilot's model client: an OpenAI-compatible chat API (hosted, Ollama, vLLM, llama.cpp)
// through the Vercel AI SDK. Its own module so that the machine-translation provider can use it
// without importing the Copilot's tools (which call the translation, a cycle).
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';

export interface ModelSettings {
  /** API base, e.g. http://127.0.0.1:11434/v1. */
  url: string;
  model: string;
  apiKey?: string;
}

export function createModel(settings: ModelSettings): LanguageModel {
  const provider = createOpenAICompatible({
    name: 'copilot',
    baseURL: settings.url.replace(/\/+$/, ''),
    apiKey: settings.apiKey,
  });
  return provider.chatModel(settings.model);
}
