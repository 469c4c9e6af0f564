"""Native function calling: the model calls one tool; its text is the reasoning."""

from __future__ import annotations

from autonomo import prompts
from autonomo.agent.episodes import Action, Episode
from autonomo.agent.state import AgentState
from autonomo.agent.strategies.base import ModelRequest, PromptStrategy
from autonomo.agent.strategies.grounding import Situation
from autonomo.agent.strategies.schema import tighten
from autonomo.errors import ModelResponseError
from autonomo.llm.types import Completion, Message, ToolCall, ToolSpec
from autonomo.tools.registry import CommandRegistry


class ToolCallingStrategy(PromptStrategy):
    name = "tool_calling"
    template = "tool_calling"

    def render_system(self, state: AgentState) -> str:
        return prompts.render(
            self.template, "system", profile=state.profile, directives=state.directives
        )

    def task_message(self, state: AgentState, index: int) -> Message:
        return Message.user(
            prompts.render("one_shot", "task" if index == 0 else "follow_up",
                             task=state.tasks[index],
                             goals=state.profile.goals)
        )

    def summaries_message(self, lines: list[str]) -> Message:
        return Message.user(prompts.render("one_shot", "summaries", lines=lines))

    def episode_messages(self, episode: Episode, result_chars: int) -> list[Message]:
        call_id = f"call_{episode.number}"
        thought = episode.action.thoughts.get("text", "")
        call = ToolCall(id=call_id, name=episode.action.name, arguments=episode.action.arguments)
        return [
            *self.prompt_messages(episode),
            Message.assistant(thought, tool_calls=[call]),
            Message.tool(self.render_result(episode, result_chars), call_id, episode.action.name),
        ]

    def render_result(self, episode: Episode, result_chars: int) -> str:
        result = episode.result
        output = (result.output if result else "") or "(no output)"
        if len(output) > result_chars:
            output = output[:result_chars] + f"\n[… {len(output) - result_chars} more characters]"
        if episode.source == "human":
            return f"The user did not run this command and said: {output}"
        status = result.status if result else "interrupted"
        return output if status == "success" else f"{status}: {output}"

    def build_request(self, commands: CommandRegistry,
                      where: Situation | None = None) -> ModelRequest:
        return ModelRequest(
            tools=[
                ToolSpec(
                    name=c.name,
                    description=c.description,
                    parameters=tighten(c.parameters_schema(), compact=self.compact,
                                      where=where),
                )
                for c in commands
            ]
        )

    def parse(self, completion: Completion) -> Action:
        if not completion.tool_calls:
            raise ModelResponseError("Call exactly one of the tools; the reply called none.")
        call = completion.tool_calls[0]
        if call.name not in self.commands:
            raise ModelResponseError(
                f"Unknown tool {call.name!r}. Use one of: {', '.join(self.commands.names())}."
            )
        return Action(
            name=self.commands.get(call.name).name,
            arguments=call.arguments,
            thoughts={"text": completion.text.strip()} if completion.text.strip() else {},
        )
