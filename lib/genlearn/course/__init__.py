"""Course tools: publishing the lessons and running the homework as a course.

Installed with the ``course`` extra (``pip install "genlearn[course]"``):
learners need none of this, and none of it is imported by ``import genlearn``,
except ``widget_state``, the Jupyter server extension every environment loads,
which needs no extra. This ``__init__`` imports nothing, so that loading it
stays cheap.

Each tool takes the course folder it works on as an argument (``--course DIR``,
``course=``; by default the checkout around the current directory), so that
it works the same from a checkout and from an installed package.

Modules
-------
folder       the course folder: the one given, or the one around the current directory
export       static HTML pages of executed notebooks with live explorers
site         the course site (``_site/``) and one-file handouts (``_handouts/``)
present      the presenter view (Voila), ``make present``
hub          nbgitpuller links that hand the lessons out on a JupyterHub
assignments  the student versions of the homework, made with nbgrader
autograde    nbgrader's autograding with the student's code in a sandbox (docs/grading.md)
sandbox      the sandbox: bubblewrap, a throwaway user, limits; data in and out
sandbox_protocol  what the grader and the sandbox's worker say to each other (both import it)
similarity   near copies of library code in a submission (token-based)
variants     per-student homework: the seeds (an HMAC under the course secret), the notebooks handed out
grades       the gradebook exported for Canvas, Moodle or as plain CSV
release      the student-only branch that the hub hands out (make student-release)
widget_state the explorers' stored widget state: kept when Jupyter saves (a server extension), checked
             before publishing
"""
