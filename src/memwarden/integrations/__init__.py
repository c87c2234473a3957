"""Adapters for agent frameworks; each needs its framework (an optional extra) and imports it only when used.

* :mod:`memwarden.integrations.langgraph` -- ``MemwardenStore``, a LangGraph ``BaseStore`` (``memwarden[langgraph]``)
* :mod:`memwarden.integrations.openai_agents` -- ``memory_tools``: remember / recall / forget as OpenAI Agents SDK
  function tools (``memwarden[openai-agents]``)
* :mod:`memwarden.integrations.autogen` -- ``MemwardenMemory``, an AutoGen ``Memory`` (``memwarden[autogen]``)
"""
