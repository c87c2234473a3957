"""remember / recall / forget as OpenAI Agents SDK function tools, run by the SDK's Runner with
its own ScriptedModel (agents.testing): offline, no API key."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("agents")
from agents import Agent, RunConfig, Runner  # noqa: E402
from agents.testing.model import ModelStep, ScriptedModel, assistant_message, function_call  # noqa: E402

from memwarden import Memory  # noqa: E402
from memwarden.config import MemoryConfig  # noqa: E402
from memwarden.integrations.openai_agents import memory_tools  # noqa: E402


@pytest.fixture
def memory(tmp_path):
    m = Memory(tmp_path / "oa.db", config=MemoryConfig(embedder="hash"))
    yield m
    m.close()


def _tool_output(call, name: str) -> str:
    """The output the SDK fed back to the model for the tool call named ``name``."""
    items = call.input if isinstance(call.input, list) else []
    ids = {i.get("call_id") for i in items if isinstance(i, dict) and i.get("type") == "function_call" and i.get("name") == name}
    return next(str(i.get("output")) for i in items if isinstance(i, dict) and i.get("type") == "function_call_output"
                and i.get("call_id") in ids)


def test_an_agent_remembers_recalls_and_forgets(memory):
    memory.add("Bob's password hint is his dog", user_id="bob", admission="all")
    model = ScriptedModel([
        [function_call("remember", {"text": "I am allergic to peanuts"}, call_id="c1")],
        [assistant_message("Noted: no peanuts.")],
        [function_call("recall", {"query": "allergies"}, call_id="c2")],
        ModelStep.respond(lambda call: [function_call("forget", {"memory_id": _tool_output(call, "recall").split("]")[0][1:]},
                                                      call_id="c3")]),
        [assistant_message("Forgotten.")],
    ])
    agent = Agent(name="assistant", instructions="Use memory.", model=model, tools=memory_tools(memory, user_id="alice"))
    cfg = RunConfig(tracing_disabled=True)

    async def go():
        first = await Runner.run(agent, "Remember that I'm allergic to peanuts", run_config=cfg)
        assert first.final_output == "Noted: no peanuts."
        # The claim is what recall ranks; the words as said are its episode.
        assert [m.memory for m in memory.get_all(user_id="alice")] == ["The user is allergic to peanuts"]
        assert [m.memory for m in memory.get_all(user_id="alice", kind="episode")] == ["I am allergic to peanuts"]
        second = await Runner.run(agent, "What am I allergic to? Then forget it.", run_config=cfg)
        return first, second

    first, second = asyncio.run(go())
    assert second.final_output == "Forgotten."
    calls = model.calls
    assert "remembered: [" in _tool_output(calls[1], "remember")
    recalled = _tool_output(calls[3], "recall")
    assert "The user is allergic to peanuts" in recalled and "Bob" not in recalled  # bound to alice only
    assert _tool_output(calls[4], "forget").startswith("forgot ")
    assert memory.get_all(user_id="alice") == [] and len(memory.get_all(user_id="bob")) == 1
    model.assert_complete()
    tools = {t.name: t for t in memory_tools(memory, user_id="alice")}
    assert set(tools) == {"remember", "recall", "forget"}
    assert "user_id" not in tools["remember"].params_json_schema["properties"]
    assert "alice" in tools["recall"].description


def test_the_sdks_mcp_client_uses_a_bound_stdio_server(tmp_path):
    """The README's MCPServerStdio snippet: `memwarden mcp --user alice` as the agent's MCP server."""
    import sys

    from agents.mcp import MCPServerStdio

    from test_server_cli import _env

    model = ScriptedModel([
        [function_call("add_memory", {"text": "I keep bees", "admission": "all"}, call_id="c1")],
        [function_call("search_memory", {"query": "bees"}, call_id="c2")],
        ModelStep.respond(lambda call: [assistant_message("found: " + _tool_output(call, "search_memory"))]),
    ])

    async def go():
        params = {"command": sys.executable, "args": ["-m", "memwarden.cli", "mcp", "--user", "alice"],
                  "env": _env(str(tmp_path / "mcp.db"))}
        async with MCPServerStdio(params=params, client_session_timeout_seconds=30) as server:
            tools = {t.name: t for t in await server.list_tools()}
            agent = Agent(name="assistant", model=model, mcp_servers=[server])
            result = await Runner.run(agent, "Remember I keep bees, then check", run_config=RunConfig(tracing_disabled=True))
            return tools, result

    tools, result = asyncio.run(go())
    assert "user_id" not in tools["add_memory"].input_schema.get("required", [])
    assert "I keep bees" in result.final_output and '"user_id":"alice"' in result.final_output.replace(" ", "")
    model.assert_complete()
