"""Writes test/fixtures/deepagents-v2/upstream-port.jsonl: vectors whose inputs come from upstream's hooks tests
(`cases.py`) and whose `observed` is what upstream's own modules (deepagents_code.hooks at 23b83ad50f63) return.

    python3 generate.py LIBS_CODE > test/fixtures/deepagents-v2/upstream-port.jsonl

LIBS_CODE is `libs/code` of a langchain-ai/deepagents checkout at that commit. Needs Python 3.11+ with pydantic 2;
upstream's package is copied to a temporary directory with its PEP 695 `type X = ...` aliases written as plain
assignments (for Python 3.11) and the few modules the hooks package imports from the rest of the application
stubbed (approval modes, the config directory, the secret-name rule, a ToolMessage model).
"""
import asyncio, json, os, re, shutil, sys, tempfile, typing
from pathlib import Path
from uuid import uuid4

LIBS_CODE = Path(sys.argv[1]).resolve()
SHIM = Path(tempfile.mkdtemp())
PACKAGE = SHIM / 'deepagents_code'
PACKAGE.mkdir()
for name in ('hooks', 'plugins'):
    shutil.copytree(LIBS_CODE / 'deepagents_code' / name, PACKAGE / name)
shutil.copy(LIBS_CODE / 'deepagents_code' / 'json_types.py', PACKAGE / 'json_types.py')
for path in PACKAGE.rglob('*.py'):
    path.write_text(re.sub(r'^(\s*)type (\w+) = ', r'\1\2 = ', path.read_text(), flags=re.M))
STUBS = {
    '__init__.py': '',
    'approval_mode.py': 'from enum import StrEnum\nclass ApprovalMode(StrEnum):\n    MANUAL = "manual"\n    AUTO = "auto"\n    YOLO = "yolo"\n',
    'model_config.py': 'from pathlib import Path\nDEFAULT_CONFIG_DIR = Path.home() / ".deepagents"\n',
    'config_manifest.py': '_SECRET_NAME_MARKERS = ("KEY", "TOKEN", "SECRET", "PASSWORD", "APIKEY")\ndef _is_secret_env(name):\n    return any(m in name.upper() for m in _SECRET_NAME_MARKERS)\n',
    'project_utils.py': 'class ProjectContext:\n    pass\n',
}
for name, text in STUBS.items():
    (PACKAGE / name).write_text(text)
(SHIM / 'langchain_core').mkdir()
(SHIM / 'langchain_core' / '__init__.py').write_text('')
(SHIM / 'langchain_core' / 'messages.py').write_text('from pydantic import BaseModel, ConfigDict\nclass ToolMessage(BaseModel):\n    model_config = ConfigDict(extra="allow")\n    content: object = ""\n    tool_call_id: str = ""\n')
if not hasattr(typing, 'override'):
    typing.override = lambda function: function
sys.path.insert(0, str(SHIM))
from deepagents_code.approval_mode import ApprovalMode
from deepagents_code.hooks.loading import load_hooks_config
from deepagents_code.hooks.snapshot import HooksSnapshot
from deepagents_code.hooks.models.domain import *  # noqa
from deepagents_code.hooks.models.wire import HookWireOutput
from deepagents_code.hooks.reducer import reduce_hook_results
from deepagents_code.hooks.runner import HandlerResult, run_command_handler
from deepagents_code.hooks.capabilities import get_event_spec

OUT = []
E = 'tests/unit_tests/hooks/test_engine.py'
C = 'tests/unit_tests/hooks/test_configuration.py'
M = 'tests/unit_tests/hooks/models/test_models.py'
X = 'tests/unit_tests/hooks/test_execution.py'

def norm(value, tmp):
    if isinstance(value, str): return value.replace(str(tmp), '<tmp>').replace(sys.executable, '{python}')
    if isinstance(value, list): return [norm(v, tmp) for v in value]
    if isinstance(value, dict): return {k: norm(v, tmp) for k, v in value.items()}
    return value

def diag(d):
    return d.model_dump(mode='json', exclude_none=True)

def load(vid, source, config, expect, notes=None):
    tmp = Path(tempfile.mkdtemp()).resolve()
    try:
        user = tmp / 'user'; user.mkdir()
        project = tmp / 'project'; (project / '.deepagents').mkdir(parents=True)
        kwargs = {}
        if 'paths' in config:
            for name, content in config['files'].items():
                (tmp / name).write_text(content if isinstance(content, str) else json.dumps(content))
            kwargs['paths'] = [tmp / p for p in config['paths']]
        else:
            if 'user_text' in config: (user / 'hooks.json').write_text(config['user_text'])
            if 'user' in config: (user / 'hooks.json').write_text(config['user'] if isinstance(config['user'], str) else json.dumps(config['user']))
            if 'project' in config: (project / '.deepagents' / 'hooks.json').write_text(json.dumps(config['project']))
        loaded = load_hooks_config(project_root=project, workspace_trusted=config.get('workspace_trusted', False), config_dir=user, **kwargs)
        snap = HooksSnapshot.from_config(loaded.config, groups=loaded.groups, diagnostics=loaded.diagnostics)
        handlers = {}
        for event in HookEvent:
            hs = snap.handlers.get(event) if hasattr(snap, 'handlers') else None
            if hs is None: continue
            handlers[event.value] = [{k: v for k, v in {'id': h.id, 'command': h.command, 'argv': list(h.argv) if h.argv else None, 'timeout': h.timeout, 'matcher': h.matcher_text or None}.items() if v is not None} for h in hs]
        handlers = {k: v for k, v in handlers.items()}
        observed = {
            'config': loaded.config.model_dump(mode='json', by_alias=True, exclude_none=True, exclude_defaults=True),
            'sources': ['project' if str(s) == str(project / '.deepagents' / 'hooks.json') else 'user' if str(s) == str(user / 'hooks.json') else str(s) for s in loaded.sources],
            'project_source_loaded': loaded.project_source_loaded,
            'snapshot_id': loaded.snapshot_id,
            'diagnostics': [diag(d) for d in snap.diagnostics],
            'handlers': handlers,
            'configured_events': sorted(e.value for e in snap.configured_events()),
            'configured_server_events': sorted(e.value for e in snap.configured_server_events()),
        }
        v = {'id': vid, 'source': source, 'kind': 'load', 'config': config, 'expect': expect, 'observed': norm(observed, tmp)}
        if notes: v['notes'] = notes
        OUT.append(v)
    finally:
        shutil.rmtree(tmp)

CTX = dict(thread_id='thread-1', cwd=Path('/workspace'), prompt_id=uuid4(), approval_mode=ApprovalMode.MANUAL, effort='high')

def domain_event(event, payload):
    ev = HookEvent(event)
    if ev is HookEvent.SESSION_START: return SessionStartEvent(event=ev, cause=SessionStartCause(payload.get('cause', 'startup')))
    if ev is HookEvent.USER_PROMPT_SUBMIT: return UserPromptSubmitEvent(event=ev, prompt=payload.get('prompt', 'hi'))
    if ev is HookEvent.SESSION_END: return SessionEndEvent(event=ev, cause=SessionEndCause(payload.get('cause', 'other')))
    if ev is HookEvent.STOP: return StopEvent(event=ev, continuation_count=payload.get('continuation_count', 0), last_assistant_message=payload.get('last_assistant_message', ''))
    if ev is HookEvent.PRE_COMPACT: return PreCompactEvent(event=ev, trigger=payload.get('trigger', 'manual'), custom_instructions=payload.get('custom_instructions', ''))
    raise ValueError(event)

def reduce(vid, source, event, payload, outputs, expect, notes=None):
    invocation = HookInvocation(context=HookContext(**CTX), event=domain_event(event, payload))
    results = []
    for index, out in enumerate(outputs):
        hid = f'{event}:0:{index}'
        results.append(asyncio.run(_run(hid, out)))
    decision = reduce_hook_results(invocation, results)
    observed = {'decision': decision.model_dump(mode='json')}
    for o in outputs: o.setdefault('stderr', ''); o.setdefault('scope', 'user')
    v = {'id': vid, 'source': source, 'kind': 'reduce', 'event': event, 'payload': payload, 'handler_outputs': outputs, 'expect': expect, 'observed': observed}
    if notes: v['notes'] = notes
    OUT.append(v)

async def _run(hid, out):
    # The real runner on a real process that prints the recorded output.
    tmp = Path(tempfile.mkdtemp())
    (tmp / 'out').write_text(out.get('stdout', '')); (tmp / 'err').write_text(out.get('stderr', ''))
    from deepagents_code.hooks.snapshot import HookHandler
    handler = HookHandler(id=hid, event=HookEvent.SESSION_START, command=f"cat '{tmp}/out'; cat '{tmp}/err' >&2; exit {out.get('exit', 0)}", timeout=None, status_message=None, matcher=None, matcher_text=None, argv=None)
    try:
        return await run_command_handler(handler, b'{}', cwd=tmp, default_timeout=60)
    finally:
        shutil.rmtree(tmp)

def legacy(vid, source, config, event, payload, expect, **fields):
    OUT.append({'id': vid, 'source': source, 'kind': 'legacy', 'config': config, 'event': event, 'payload': payload, **fields, 'expect': expect})

def registry(vid, source, fields, notes=None):
    # `Event.field` of upstream's capability registry (get_event_spec), every event in HookEvent's order.
    observed = {}
    for event in HookEvent:
        spec = get_event_spec(event)
        for field in fields:
            value = getattr(spec, field)
            observed[f'{event.value}.{field}'] = value.value if hasattr(value, 'value') else value
    v = {'id': vid, 'source': source, 'kind': 'registry', 'expect': dict(observed), 'observed': observed}
    if notes: v['notes'] = notes
    OUT.append(v)

def fire(vid, source, config, event, payload, expect, notes=None):
    # Upstream's HookEngine on the snapshot of `config`, for one invocation (the context's approval mode
    # from payload.context), as test_engine.py runs it.
    from deepagents_code.hooks.engine import HookEngine
    from deepagents_code.hooks.models.config import HooksConfig
    tmp = Path(tempfile.mkdtemp()).resolve()
    try:
        context = dict(CTX, cwd=tmp, **{k: ApprovalMode(v) if k == 'approval_mode' else v for k, v in payload.get('context', {}).items()})
        invocation = HookInvocation(context=HookContext(**context), event=domain_event(event, payload))
        snapshot = HooksSnapshot.from_config(HooksConfig.model_validate(config))
        decision = asyncio.run(HookEngine(snapshot).run(invocation, transcript_path=tmp / 'thread.jsonl'))
        observed = {'decision': norm(decision.model_dump(mode='json'), tmp)}
    finally:
        shutil.rmtree(tmp)
    v = {'id': vid, 'source': source, 'kind': 'load', 'config': {'user': config}, 'event': event, 'payload': payload, 'expect': expect, 'observed': observed}
    if notes: v['notes'] = notes
    OUT.append(v)

def trust(vid, source, expect):
    OUT.append({'id': vid, 'source': source, 'kind': 'trust', 'expect': expect})

def prose(vid, source, kind, expect, **fields):
    # A prose test's scenario: its inputs (fields) and the values its assertions quote (expect).
    OUT.append({'id': vid, 'source': source, 'kind': kind, **fields, 'expect': expect})

exec((Path(__file__).parent / 'cases.py').read_text())
for v in OUT: print(json.dumps(v, ensure_ascii=False))
shutil.rmtree(SHIM)
