"""Two roles debating a motion; each answers the other's last words.

    autonomo team run autonomo.team.examples.debate --idea "Cats make better pets" -n 4
"""

from __future__ import annotations

from autonomo.team import USER_REQUIREMENT, Action, ActionContext, ActionOutput, Role


class Speak(Action):
    template = "team_debate:speak"
    max_tokens = 160

    def render(self, ctx: ActionContext) -> str:
        assert ctx.role.team is not None
        topic = ctx.role.team.state.idea
        heard = [m for m in ctx.news if m.cause_by != USER_REQUIREMENT]
        ctx.values.update(topic=topic, last=heard[-1].content if heard else "")
        return super().render(ctx)

    def run(self, ctx: ActionContext) -> ActionOutput:
        output = super().run(ctx)
        output.send_to = {ctx.values["opponent"]}
        return output


class Debater(Role):
    react_mode = "react"

    def __init__(self, name: str, side: str, opponent: str, *, opens: bool) -> None:
        super().__init__(name, f"debater for {side}", goal=f"Win the debate for {side}.",
                         actions=[Speak(f"Speak{name}")],
                         watch=[USER_REQUIREMENT] if opens else [])
        self.opponent = opponent

    def act(self, action, news, instruction="", **values):  # type: ignore[no-untyped-def]
        return super().act(action, news, instruction, opponent=self.opponent, **values)


def roles() -> list[Role]:
    return [Debater("Ada", "the motion", "Brook", opens=True),
            Debater("Brook", "the opposition", "Ada", opens=False)]
