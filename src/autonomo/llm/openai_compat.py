"""``OpenAICompatModel``: OpenAI, Azure OpenAI and every server speaking the chat API.

One provider for api.openai.com, Azure OpenAI (deployment URL, ``api-version`` query, ``api-key``
header) and self-hosted servers (vLLM, llama.cpp server, Ollama, DeepSeek, ...): sync, native
async and streamed (SSE) calls over httpx, native tool calls, and structured output.

Structured output and tool calls degrade gracefully, learned once per endpoint and process
(``capabilities``): a ``schema`` goes as ``response_format`` ``json_schema``, then
``json_object``, then in words (the answer repaired into JSON); tools go natively, or — when
the server ignores them — described in the prompt, the call read back from the JSON text.
A request the server rejects as invalid is never retried as it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from typing import Any, Literal

import httpx

from autonomo import prompts
from autonomo.config import ModelConfig, ProviderOptions
from autonomo.config_files import find_config_files
from autonomo.errors import ConfigError, ProviderError
from autonomo.llm.base import ChatModel
from autonomo.llm.capabilities import (
    SchemaMode,
    as_text_turns,
    capabilities,
    tool_call_from_text,
    tool_instruction,
    weaker_schema_mode,
)
from autonomo.llm.openai_wire import (
    StreamState,
    as_json_text,
    message_payload,
    parse_arguments,
    strict_compatible,
    tool_payload,
)
from autonomo.llm.retry import (
    ProviderHTTPError,
    RetryPolicy,
    acall_with_retry,
    call_with_retry,
    error_for_response,
    error_for_transport,
)
from autonomo.llm.tokens import context_window_for, count_messages, encoding_for_model
from autonomo.llm.types import ChatRequest, Completion, Message, ToolCall, Usage
from autonomo.llm.usage import cost_of

log = logging.getLogger(__name__)

OPENAI_BASE_URL = "https://api.openai.com/v1"
AZURE_API_VERSION = "2024-10-21"
#: model families that take ``max_completion_tokens`` instead of ``max_tokens``
_COMPLETION_TOKENS_MODELS = ("o1", "o3", "o4", "gpt-5")


def schema_instruction(schema: dict[str, Any]) -> str:
    """The system-prompt text that asks for JSON satisfying ``schema``."""
    return prompts.texts("llm")["json_schema_instruction"].replace("{schema}", json.dumps(schema))


def resolve_api_key(config: ModelConfig) -> str | None:
    """The key from the config, the environment or a trusted ``.env``; None for keyless
    local servers.

    A missing key is a ``ConfigError`` naming the variable to set, except for the ``openai``
    provider pointed at a custom ``base_url`` (a local server usually needs no key).
    """
    if config.api_key:
        return config.api_key
    names = [config.api_key_env]
    if config.provider == "azure" and "AZURE_OPENAI_API_KEY" not in names:
        names.append("AZURE_OPENAI_API_KEY")
    dotenv = find_config_files().dotenv()  # ./.env only once the user has trusted it
    for name in names:
        value = os.environ.get(name) or dotenv.get(name)
        if value:
            return value
    if config.provider == "openai" and config.base_url:
        return None
    raise ConfigError(
        f"No API key for the {config.provider} model {config.model or '(unnamed)'}: set the "
        f"environment variable {config.api_key_env} (or put it in .env), or name another "
        "variable with api_key_env in the model's config section."
    )


class OpenAIOptions(ProviderOptions):
    """The openai / azure providers' options."""

    #: Azure's api-version query parameter
    api_version: str | None = None
    #: structured output: "auto" learns it from the server; or json_schema, json_object, prompt
    response_format: Literal["auto", "json_schema", "json_object", "prompt"] = "auto"
    #: tools: "auto" learns it from the server; "native" (the tools field) or "text" (JSON)
    tool_calling: Literal["auto", "native", "text"] = "auto"


class OpenAICompatModel(ChatModel):
    """A model behind an OpenAI-compatible chat-completions endpoint.

    After ``stream`` finishes, ``last_completion`` holds the whole completion (usage included),
    as after ``complete``.
    """

    supports_tools = True
    enforces_schema = False

    def __init__(self, config: ModelConfig, *, retry: RetryPolicy | None = None) -> None:
        if config.provider not in ("openai", "azure"):
            raise ConfigError(f"OpenAICompatModel serves openai/azure, not {config.provider!r}.")
        if not config.model:
            raise ConfigError(
                f"The {config.provider} provider needs a model name: set model in the "
                "[llm.fast] / [llm.smart] section (or AUTONOMO_LLM__FAST__MODEL, or --model)."
            )
        self.config = config
        self.options = config.options_as(OpenAIOptions)
        self.model = config.model
        self.name = f"{config.provider}/{config.model}"
        self.context_window = config.context_window or context_window_for(config.model)
        self.prices = config.prices
        self.default_max_tokens = config.max_tokens
        self.retry = retry or RetryPolicy(max_retries=config.max_retries)
        self.last_completion: Completion | None = None
        self._api_key = resolve_api_key(config)
        self.url, self.params = self._endpoint(config)
        #: what this endpoint supports, shared by every model of the process that uses it
        opts = self.options
        self.caps = capabilities(
            self.url, self.model,
            schema_mode=None if opts.response_format == "auto" else opts.response_format,
            tool_mode=None if opts.tool_calling == "auto" else opts.tool_calling)
        self._encoding = encoding_for_model(config.model)
        self._client: httpx.Client | None = None
        self._async_client: httpx.AsyncClient | None = None
        self._async_loop: asyncio.AbstractEventLoop | None = None

    @property
    def schema_mode(self) -> SchemaMode:
        return self.caps.schema_mode

    @property
    def tools_as_text(self) -> bool:
        """Whether tools are described in the prompt (the endpoint ignores ``tools``)."""
        return self.caps.tool_mode == "text"

    # -- endpoint -------------------------------------------------------------------------

    def _endpoint(self, config: ModelConfig) -> tuple[str, dict[str, str]]:
        if config.provider == "azure":
            if not config.base_url:
                raise ConfigError(
                    "The azure provider needs base_url: https://<resource>.openai.azure.com"
                )
            base = config.base_url.rstrip("/")
            if "/openai/deployments/" not in base:
                base = f"{base}/openai/deployments/{config.model}"
            url = base if base.endswith("/chat/completions") else f"{base}/chat/completions"
            return url, {"api-version": self.options.api_version or AZURE_API_VERSION}
        base = (config.base_url or OPENAI_BASE_URL).rstrip("/")
        url = base if base.endswith("/chat/completions") else f"{base}/chat/completions"
        version = self.options.api_version
        return url, {"api-version": version} if version else {}

    @property
    def endpoint(self) -> str:
        return self.url

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json", **self.config.headers}
        if self._api_key:
            if self.config.provider == "azure":
                headers["api-key"] = self._api_key
            else:
                headers["Authorization"] = f"Bearer {self._api_key}"
        return headers

    def _key_hint(self) -> str:
        if self.config.api_key:
            return "the api_key in the config"
        return f"environment variable {self.config.api_key_env}"

    def _http(self) -> httpx.Client:
        if self._client is None:
            self._client = httpx.Client(timeout=self.config.timeout_s)
        return self._client

    def _ahttp(self) -> httpx.AsyncClient:
        loop = asyncio.get_running_loop()
        if self._async_client is None or self._async_loop is not loop:
            self._async_client = httpx.AsyncClient(timeout=self.config.timeout_s)
            self._async_loop = loop
        return self._async_client

    # -- request --------------------------------------------------------------------------

    def _body(self, request: ChatRequest, mode: SchemaMode | None, *,
              stream: bool) -> dict[str, Any]:
        schema, tools, temperature = request.schema, request.tools, request.temperature
        messages, instruction = request.messages, None
        if tools and self.tools_as_text:
            messages, instruction, tools = as_text_turns(messages), tool_instruction(tools), None
            mode = None if self.schema_mode == "prompt" else "json_object"
        elif schema is not None and mode != "json_schema":
            instruction = schema_instruction(schema)
        payload = [message_payload(m) for m in messages]
        if instruction is not None:
            if payload and payload[0]["role"] == "system":
                payload[0] = {**payload[0], "content": f"{payload[0]['content']}\n\n{instruction}"}
            else:
                payload.insert(0, {"role": "system", "content": instruction})
        token_key = (
            "max_completion_tokens"
            if self.model.lower().startswith(_COMPLETION_TOKENS_MODELS)
            else "max_tokens"
        )
        body: dict[str, Any] = {
            "model": self.model,
            "messages": payload,
            token_key: request.max_tokens or self.config.max_tokens,
            "temperature": self.config.temperature if temperature is None else temperature,
        }
        if request.stop:
            body["stop"] = request.stop
        if tools:
            body["tools"] = [tool_payload(t) for t in tools]
        if schema is not None and mode == "json_schema":
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {
                    "name": "response",
                    "schema": schema,
                    "strict": strict_compatible(schema),
                },
            }
        elif mode == "json_object":
            body["response_format"] = {"type": "json_object"}
        if stream:
            body["stream"] = True
            body["stream_options"] = {"include_usage": True}
        return body

    def _check(self, response: httpx.Response) -> None:
        if response.status_code >= 400:
            raise error_for_response(response, endpoint=self.url, key_hint=self._key_hint())

    def _post(self, body: dict[str, Any]) -> dict[str, Any]:
        def attempt() -> dict[str, Any]:
            try:
                response = self._http().post(
                    self.url, params=self.params, headers=self._headers(), json=body
                )
            except httpx.TransportError as exc:
                raise error_for_transport(exc, endpoint=self.url) from exc
            self._check(response)
            return self._json(response)

        return call_with_retry(attempt, self.retry)

    async def _apost(self, body: dict[str, Any]) -> dict[str, Any]:
        async def attempt() -> dict[str, Any]:
            try:
                response = await self._ahttp().post(
                    self.url, params=self.params, headers=self._headers(), json=body
                )
            except httpx.TransportError as exc:
                raise error_for_transport(exc, endpoint=self.url) from exc
            self._check(response)
            return self._json(response)

        return await acall_with_retry(attempt, self.retry)

    def _json(self, response: httpx.Response) -> dict[str, Any]:
        try:
            data = response.json()
        except (ValueError, RecursionError) as exc:
            raise ProviderError(
                f"{self.url} sent a response that is not JSON: {response.text[:200]}"
            ) from exc
        if not isinstance(data, dict) or not data.get("choices"):
            raise ProviderError(f"{self.url} sent a response without choices: {str(data)[:300]}")
        return data

    # -- structured-output fallback -------------------------------------------------------

    def _degrade(self, mode: SchemaMode | None, error: ProviderHTTPError) -> SchemaMode:
        weaker = weaker_schema_mode(mode, error)
        if weaker is None:
            raise error
        log.info("%s rejected response_format %s; falling back to %s", self.url, mode, weaker)
        self.caps.schema_mode = weaker
        return weaker

    def _send(
        self, schema: dict[str, Any] | None, send: Callable[[SchemaMode | None], Any]
    ) -> tuple[Any, SchemaMode | None]:
        mode: SchemaMode | None = self.schema_mode if schema is not None else None
        while True:
            try:
                return send(mode), mode
            except ProviderHTTPError as exc:
                mode = self._degrade(mode, exc)

    # -- results --------------------------------------------------------------------------

    def _usage(self, raw: dict[str, Any] | None, messages: Sequence[Message], text: str) -> Usage:
        if raw:
            details = raw.get("prompt_tokens_details") or {}
            cached = details.get("cached_tokens") or raw.get("prompt_cache_hit_tokens") or 0
            usage = Usage(
                prompt_tokens=int(raw.get("prompt_tokens") or 0),
                cached_prompt_tokens=int(cached),
                completion_tokens=int(raw.get("completion_tokens") or 0),
                calls=1,
            )
        else:  # the server did not say: estimate, so budgets still work
            usage = Usage(
                prompt_tokens=self.count_message_tokens(messages),
                completion_tokens=self.count_tokens(text),
                calls=1,
            )
        usage.cost = cost_of(usage, self.prices)
        return usage

    def _finish(
        self,
        *,
        text: str,
        tool_calls: list[ToolCall],
        raw_usage: dict[str, Any] | None,
        request: ChatRequest,
        mode: SchemaMode | None,
        finish_reason: str | None,
        model: str,
        started: float,
    ) -> Completion:
        usage = self._usage(raw_usage, request.messages, text)
        if request.tools and self.tools_as_text and not tool_calls:
            call = tool_call_from_text(text, request.tools, usage.prompt_tokens)
            if call is not None:
                text, tool_calls, finish_reason = "", [call], "tool_calls"
        elif mode is not None and not tool_calls:
            text = as_json_text(text)
        completion = Completion(
            text=text,
            tool_calls=tool_calls,
            usage=usage,
            latency_s=time.perf_counter() - started,
            model=model or self.model,
            finish_reason=finish_reason,
        )
        self.last_completion = completion
        return completion

    def _from_response(
        self, data: dict[str, Any], request: ChatRequest, mode: SchemaMode | None,
        started: float,
    ) -> Completion:
        choice = data["choices"][0]
        message = choice.get("message") or {}
        calls = [
            ToolCall(
                id=call.get("id") or f"call_{index}",
                name=(call.get("function") or {}).get("name", ""),
                arguments=parse_arguments(
                    (call.get("function") or {}).get("arguments"),
                    (call.get("function") or {}).get("name", ""),
                ),
            )
            for index, call in enumerate(message.get("tool_calls") or [])
        ]
        return self._finish(
            text=message.get("content") or "",
            tool_calls=calls,
            raw_usage=data.get("usage"),
            request=request,
            mode=mode,
            finish_reason=choice.get("finish_reason"),
            model=data.get("model", ""),
            started=started,
        )

    # -- ChatModel ------------------------------------------------------------------------

    def call(self, request: ChatRequest) -> Completion:
        started = time.perf_counter()
        data, mode = self._send(
            request.schema, lambda mode: self._post(self._body(request, mode, stream=False)))
        completion = self._from_response(data, request, mode, started)
        if self._learn_tool_mode(request, completion):
            return self.call(request)  # asked again, the tools described in the prompt
        return completion

    def _learn_tool_mode(self, request: ChatRequest, completion: Completion) -> bool:
        """After the first answer to a call with tools: does the endpoint call tools natively?
        True when it ignored them (no call, none in the text either): the call is to be
        made again with the tools in the prompt, as every later one will be."""
        if not request.tools or self.caps.tool_mode is not None:
            return False
        if completion.tool_calls:
            self.caps.tool_mode = "native"
            return False
        if tool_call_from_text(completion.text, request.tools, 0) is not None:
            return False  # the model wrote the call itself; the next answer may tell more
        log.info("%s answered a call with tools without calling one; describing the tools "
                 "in the prompt from now on", self.url)
        self.caps.tool_mode = "text"
        return True

    async def acall(self, request: ChatRequest) -> Completion:
        started = time.perf_counter()
        mode: SchemaMode | None = self.schema_mode if request.schema is not None else None
        while True:
            try:
                data = await self._apost(self._body(request, mode, stream=False))
                break
            except ProviderHTTPError as exc:
                mode = self._degrade(mode, exc)
        completion = self._from_response(data, request, mode, started)
        if self._learn_tool_mode(request, completion):
            return await self.acall(request)
        return completion

    def _open_stream(self, body: dict[str, Any]) -> httpx.Response:
        def attempt() -> httpx.Response:
            client = self._http()
            request = client.build_request(
                "POST", self.url, params=self.params, headers=self._headers(), json=body
            )
            try:
                response = client.send(request, stream=True)
            except httpx.TransportError as exc:
                raise error_for_transport(exc, endpoint=self.url) from exc
            if response.status_code >= 400:
                try:
                    response.read()
                finally:
                    response.close()
                self._check(response)
            return response

        return call_with_retry(attempt, self.retry)

    def stream_call(self, request: ChatRequest) -> Iterator[str]:
        """Yield text deltas as the server sends them; retried only before the first one."""
        started = time.perf_counter()
        response, mode = self._send(
            request.schema,
            lambda mode: self._open_stream(self._body(request, mode, stream=True)),
        )
        state = StreamState()
        with contextlib.closing(response):
            try:
                for line in response.iter_lines():
                    piece = state.feed(line)
                    if piece:
                        yield piece
            except httpx.TransportError as exc:
                raise ProviderError(f"{self.url}: the stream broke off ({exc})") from exc
        self._finish_stream(state, request, mode, started)

    def _finish_stream(
        self, state: StreamState, request: ChatRequest, mode: SchemaMode | None,
        started: float,
    ) -> None:
        """Record the completion a finished stream adds up to (``last_completion``)."""
        self._finish(
            text="".join(state.text),
            tool_calls=state.tool_calls(),
            raw_usage=state.usage,
            request=request,
            mode=mode,
            finish_reason=state.finish_reason,
            model=state.model,
            started=started,
        )

    async def astream(self, messages: Sequence[Message], **options: Any) -> AsyncIterator[str]:
        """Async ``stream`` (opening the stream is retried; a broken stream is not)."""
        started = time.perf_counter()
        request = ChatRequest.of(messages, **options)
        mode: SchemaMode | None = self.schema_mode if request.schema is not None else None
        client = self._ahttp()
        while True:
            body = self._body(request, mode, stream=True)

            async def attempt(body: dict[str, Any] = body) -> httpx.Response:
                request = client.build_request(
                    "POST", self.url, params=self.params, headers=self._headers(), json=body
                )
                try:
                    response = await client.send(request, stream=True)
                except httpx.TransportError as exc:
                    raise error_for_transport(exc, endpoint=self.url) from exc
                if response.status_code >= 400:
                    await response.aread()
                    await response.aclose()
                    self._check(response)
                return response

            try:
                response = await acall_with_retry(attempt, self.retry)
                break
            except ProviderHTTPError as exc:
                mode = self._degrade(mode, exc)
        state = StreamState()
        try:
            async for line in response.aiter_lines():
                piece = state.feed(line)
                if piece:
                    yield piece
        except httpx.TransportError as exc:
            raise ProviderError(f"{self.url}: the stream broke off ({exc})") from exc
        finally:
            await response.aclose()
        self._finish_stream(state, request, mode, started)

    def count_tokens(self, text: str) -> int:
        return len(self._encoding.encode(text, disallowed_special=())) if text else 0

    def count_message_tokens(self, messages: Sequence[Message]) -> int:
        return count_messages(messages, self.count_tokens)

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None
        self._async_client = None  # bound to its event loop; see aclose()

    async def aclose(self) -> None:
        if self._async_client is not None:
            await self._async_client.aclose()
            self._async_client = None
        self.close()
