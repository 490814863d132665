/** The provider adapter's vocabulary (OpenAI-compatible chat completions and model list). */

export interface AiProviderOptions {
  /** e.g. http://localhost:11434/v1 — without a trailing slash. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` when set (Ollama needs none). */
  apiKey?: string | null;
  timeoutMs: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
}

export interface ChatResult {
  content: string;
  promptTokens: number;
  completionTokens: number;
}

export interface ProviderModel {
  id: string;
  ownedBy: string | null;
}

export interface AiProvider {
  listModels(): Promise<ProviderModel[]>;
  chat(request: ChatRequest): Promise<ChatResult>;
}
