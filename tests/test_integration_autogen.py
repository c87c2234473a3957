"""MemwardenMemory as an AutoGen memory: an AssistantAgent with AutoGen's own replay model client
(offline) gets the user's relevant memories in its context before answering."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("autogen_agentchat")
pytest.importorskip("autogen_ext")
from autogen_agentchat.agents import AssistantAgent  # noqa: E402
from autogen_agentchat.messages import MemoryQueryEvent  # noqa: E402
from autogen_core.memory import MemoryContent, MemoryMimeType  # noqa: E402
from autogen_core.model_context import UnboundedChatCompletionContext  # noqa: E402
from autogen_core.models import SystemMessage, UserMessage  # noqa: E402
from autogen_ext.models.replay import ReplayChatCompletionClient  # noqa: E402

from memwarden import Memory  # noqa: E402
from memwarden.config import MemoryConfig  # noqa: E402
from memwarden.integrations.autogen import MemwardenMemory  # noqa: E402


@pytest.fixture
def memory(tmp_path):
    m = Memory(tmp_path / "ag.db", config=MemoryConfig(embedder="hash"))
    yield m
    m.close()


def test_an_assistant_agent_reads_the_users_memories(memory):
    memory.add("Bob lives in Oslo", user_id="bob", admission="all")
    mem = MemwardenMemory(memory, user_id="alice", admission="all")

    async def go():
        await mem.add(MemoryContent(content="Alice lives in Porto", mime_type=MemoryMimeType.TEXT, metadata={"topic": "home"}))
        await mem.add(MemoryContent(content="Alice is allergic to peanuts", mime_type=MemoryMimeType.TEXT))
        agent = AssistantAgent("assistant", model_client=ReplayChatCompletionClient(["You live in Porto."]), memory=[mem])
        result = await agent.run(task="Where does Alice live?")
        ctx = UnboundedChatCompletionContext()
        await ctx.add_message(UserMessage(content="peanuts allergy", source="user"))
        updated = await mem.update_context(ctx)
        return result, updated, await ctx.get_messages()

    result, updated, messages = asyncio.run(go())
    assert result.messages[-1].content == "You live in Porto."
    [event] = [m for m in result.messages if isinstance(m, MemoryQueryEvent)]
    assert event.content[0].content == "Alice lives in Porto" and event.content[0].metadata["topic"] == "home"
    assert all("Bob" not in str(c.content) for c in event.content)  # bound to alice
    assert updated.memories.results[0].content == "Alice is allergic to peanuts"
    assert isinstance(messages[-1], SystemMessage) and "Alice is allergic to peanuts" in messages[-1].content
    asyncio.run(mem.clear())
    assert memory.get_all(user_id="alice") == [] and len(memory.get_all(user_id="bob")) == 1
