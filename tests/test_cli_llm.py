"""The CLI entry, ``models`` and ``chat``, called through ``main([...])``."""

from __future__ import annotations

import socket

import pytest

from autonomo import __version__
from autonomo.cli.main import main
from openai_server import FakeOpenAIServer, Reply, error, isolate_environment, text


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate_environment(monkeypatch, tmp_path)


@pytest.fixture
def server():
    with FakeOpenAIServer() as fake:
        yield fake


def use_server(monkeypatch, server: FakeOpenAIServer, model: str = "fake-model") -> None:
    monkeypatch.setenv("AUTONOMO_LLM__FAST__PROVIDER", "openai")
    monkeypatch.setenv("AUTONOMO_LLM__FAST__BASE_URL", server.url)
    monkeypatch.setenv("AUTONOMO_LLM__FAST__MODEL", model)
    monkeypatch.setenv("AUTONOMO_LLM__FAST__MAX_RETRIES", "0")


def test_help_and_version(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "models" in out and "chat" in out
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"autonomo {__version__}"
    assert main([]) in (0, 2)  # no command: help is shown
    assert "Usage" in capsys.readouterr().out


def test_unknown_command_is_a_usage_error(capsys):
    assert main(["no-such-command"]) == 2
    assert "No such command" in capsys.readouterr().err


def test_models_without_check_shows_the_configuration(capsys, monkeypatch, server):
    use_server(monkeypatch, server)
    assert main(["models", "--no-check"]) == 0
    out = capsys.readouterr().out
    assert "openai" in out and "fake-model" in out and "127.0.0.1" in out
    assert "same as fast" in out
    assert server.requests == []


def test_models_checks_that_each_model_answers(capsys, monkeypatch, server):
    use_server(monkeypatch, server)
    monkeypatch.setenv("AUTONOMO_LLM__SMART__PROVIDER", "openai")
    monkeypatch.setenv("AUTONOMO_LLM__SMART__BASE_URL", server.url)
    monkeypatch.setenv("AUTONOMO_LLM__SMART__MODEL", "smart-model")
    server.add(text("OK"), text("OK!"))
    assert main(["models"]) == 0
    out = capsys.readouterr().out
    assert out.count("answers") == 2 and "smart-model" in out
    assert [r.body["model"] for r in server.requests] == ["fake-model", "smart-model"]
    assert server.requests[0].body["max_tokens"] == 8


def test_models_reports_a_model_that_does_not_answer(capsys, monkeypatch, server):
    use_server(monkeypatch, server)
    server.add(error(503, "overloaded"))
    assert main(["models"]) == 1
    out = capsys.readouterr().out
    assert "no answer" in out and "overloaded" in out


def test_chat_streams_the_answer(capsys, monkeypatch, server):
    use_server(monkeypatch, server)
    server.add(
        Reply(
            text="Bonjour tout le monde",
            chunk_size=2,
            usage={"prompt_tokens": 9, "completion_tokens": 4},
        )
    )
    assert main(["chat", "Say hello in French", "--system", "Be brief."]) == 0
    captured = capsys.readouterr()
    assert captured.out.strip() == "Bonjour tout le monde"
    assert "9 prompt tokens" in captured.err and "4 completion" in captured.err
    body = server.requests[0].body
    assert body["stream"] is True
    assert body["messages"] == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Say hello in French"},
    ]


def test_chat_overrides_provider_model_and_base_url(capsys, server):
    server.add(text("from the override"))
    code = main(["chat", "hi", "--base-url", server.url, "--model", "other", "--max-tokens", "3"])
    assert code == 0
    assert "from the override" in capsys.readouterr().out
    assert server.requests[0].body["model"] == "other"
    assert server.requests[0].body["max_tokens"] == 3


def test_chat_without_a_key_says_which_variable_to_set(capsys):
    code = main(["chat", "hi", "--provider", "openai", "--model", "gpt-4o-mini"])
    assert code == 2
    captured = capsys.readouterr()
    assert "OPENAI_API_KEY" in captured.err
    assert "Traceback" not in captured.err + captured.out


def test_bad_config_file_exits_2_without_traceback(capsys, tmp_path):
    (tmp_path / "autonomo.toml").write_text("[llm\n")
    assert main(["config", "trust"]) == 0
    assert main(["models", "--no-check"]) == 2
    captured = capsys.readouterr()
    assert "not valid TOML" in captured.err and "Traceback" not in captured.err


def test_provider_failure_exits_1_with_the_reason(capsys, monkeypatch):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("AUTONOMO_LLM__FAST__MAX_RETRIES", "0")
    assert main(["chat", "hi", "--base-url", f"http://127.0.0.1:{port}/v1", "-m", "x"]) == 1
    err = capsys.readouterr().err
    assert "RetriesExhaustedError" in err and "connection failed" in err


def test_chat_records_when_record_to_is_set(capsys, monkeypatch, server, tmp_path):
    use_server(monkeypatch, server)
    cassette = tmp_path / "calls.jsonl"
    monkeypatch.setenv("AUTONOMO_LLM__RECORD_TO", str(cassette))
    server.add(text("recorded answer"))
    assert main(["chat", "hi"]) == 0
    monkeypatch.delenv("AUTONOMO_LLM__RECORD_TO")
    capsys.readouterr()
    code = main(["chat", "hi", "--provider", "replay", "--model", str(cassette)])
    assert code == 0
    assert capsys.readouterr().out.strip() == "recorded answer"
