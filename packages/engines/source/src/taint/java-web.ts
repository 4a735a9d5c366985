/**
 * Java web frameworks besides the Servlet API (whose request object is a source through its getters):
 * - Spring MVC: a handler (@RequestMapping/@GetMapping/@PostMapping/… on a method of a @Controller or
 *   @RestController) gets request data in its parameters annotated @RequestParam, @PathVariable, @RequestBody,
 *   @RequestHeader, @CookieValue, @ModelAttribute, @MatrixVariable, and in unannotated String parameters (Spring binds
 *   simple types from request parameters); a String it returns is the response body when the class is a
 *   @RestController or the method is @ResponseBody (HTML to a browser: XSS), else a view name — `"redirect:" + x`
 *   is an open redirect.
 * - Kotlin: the same annotations on `fun` handlers.
 * - JAX-RS: a resource method (@GET/@POST/@PUT/@DELETE/@PATCH/@Path) gets request data in @QueryParam, @PathParam,
 *   @FormParam, @HeaderParam, @CookieParam, @MatrixParam and @BeanParam parameters, and in an unannotated entity
 *   parameter (the request body); a String it returns is the body (text/html when @Produces says so or says nothing).
 */
import { type Syn, field, namedChildren } from '../parse/syntax.ts';
import type { Env } from './containers.ts';
import type { Frame } from './frame.ts';
import type { FunctionDef } from './syntax-profile.ts';
import { UNKNOWN, sourceValue } from './value.ts';
import type { Walker } from './walker.ts';

const SPRING_MAPPING = /@(Request|Get|Post|Put|Delete|Patch)Mapping\b/;
const JAXRS_METHOD = /@(GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS|Path)\b/;
const SPRING_PARAM = /@(RequestParam|PathVariable|RequestBody|RequestHeader|CookieValue|ModelAttribute|MatrixVariable|RequestPart)\b/;
const JAXRS_PARAM = /@(QueryParam|PathParam|FormParam|HeaderParam|CookieParam|MatrixParam|BeanParam)\b/;
/** Parameters the framework fills with its own objects, not request text. */
const INFRA_TYPE = /^(HttpServletRequest|HttpServletResponse|HttpSession|Model|ModelMap|ModelAndView|BindingResult|Errors|RedirectAttributes|Principal|Authentication|Locale|UriInfo|HttpHeaders|SecurityContext|Request|Response|AsyncResponse|ServletContext|WebRequest|SessionStatus|UriComponentsBuilder|Pageable|Sort)$/;
const NON_TEXT = /^(int|long|short|byte|boolean|double|float|char|Integer|Long|Short|Byte|Boolean|Double|Float|BigDecimal|BigInteger|UUID|LocalDate|LocalDateTime|Instant|Date)$/;

const text = (w: Walker, n: Syn) => w.text(n);
const modifiersOf = (n: Syn) => namedChildren(n).find((c) => c.type === 'modifiers');

/** Binds the request-data parameters of a Spring or JAX-RS handler and marks how its return value is sent. */
export function javaWebEntry(w: Walker, def: FunctionDef, env: Env, frame: Frame): void {
  if (def.node.type === 'function_declaration') return kotlinWebEntry(w, def, env, frame);
  if (def.node.type !== 'method_declaration') return;
  const mods = modifiersOf(def.node);
  const annotations = mods ? text(w, mods) : '';
  const spring = SPRING_MAPPING.test(annotations);
  const jaxrs = !spring && JAXRS_METHOD.test(annotations);
  if (!spring && !jaxrs) return;
  const cls = enclosingClass(def.node);
  const clsMods = cls ? modifiersOf(cls) : undefined;
  const clsAnnotations = clsMods ? text(w, clsMods) : '';
  const params = field(def.node, 'parameters');
  for (const p of params ? namedChildren(params) : []) {
    if (p.type !== 'formal_parameter') continue;
    const name = field(p, 'name');
    const type = field(p, 'type');
    if (!name || !type) continue;
    const pm = modifiersOf(p);
    const pa = pm ? text(w, pm) : '';
    const typeText = text(w, type).replace(/<.*$/s, '');
    const annotated = spring ? SPRING_PARAM.test(pa) : JAXRS_PARAM.test(pa);
    const implicit = !pa.includes('@') && !INFRA_TYPE.test(typeText) && (spring ? typeText === 'String' || typeText === 'String[]' : !NON_TEXT.test(typeText));
    if (!annotated && !implicit) continue;
    if (NON_TEXT.test(typeText)) continue;
    const key = text(w, name);
    const old = env.get(key);
    if (!old || old === UNKNOWN) env.set(key, sourceValue(w.step(p, 'source')));
  }
  const returnsString = /^String$/.test(text(w, field(def.node, 'type') ?? def.node));
  if (!returnsString) return;
  if (spring) {
    const body = /@ResponseBody\b/.test(annotations) || /@RestController\b/.test(clsAnnotations);
    if (body && !/produces\s*=\s*[^)]*(json|text\/plain|xml)/i.test(annotations)) frame.htmlReturn = true;
    if (!body) frame.viewNameReturn = true;
  } else if (!/@Produces\s*\([^)]*(json|text\/plain|xml)/i.test(annotations + clsAnnotations)) frame.htmlReturn = true;
}

/** Kotlin: the same frameworks, with Kotlin's syntax (parameter annotations precede each parameter). */
function kotlinWebEntry(w: Walker, def: FunctionDef, env: Env, frame: Frame): void {
  const mods = modifiersOf(def.node);
  const annotations = mods ? text(w, mods) : '';
  const spring = SPRING_MAPPING.test(annotations);
  const jaxrs = !spring && JAXRS_METHOD.test(annotations);
  if (!spring && !jaxrs) return;
  const cls = enclosingClass(def.node);
  const clsMods = cls ? modifiersOf(cls) : undefined;
  const clsAnnotations = clsMods ? text(w, clsMods) : '';
  const list = namedChildren(def.node).find((c) => c.type === 'function_value_parameters');
  let pa = '';
  for (const c of list ? namedChildren(list) : []) {
    if (c.type === 'parameter_modifiers') {
      pa = text(w, c);
      continue;
    }
    if (c.type !== 'parameter') continue;
    const name = namedChildren(c).find((x) => x.type === 'simple_identifier');
    const type = namedChildren(c).find((x) => x.type !== 'simple_identifier');
    const typeText = type ? text(w, type).replace(/[<?].*$/s, '') : '';
    const annotated = spring ? SPRING_PARAM.test(pa) : JAXRS_PARAM.test(pa);
    const implicit = !pa.includes('@') && !INFRA_TYPE.test(typeText) && (spring ? typeText === 'String' : !NON_TEXT.test(typeText) && !/^(Int|Long|Boolean|Double|Float|Short|Byte|Char)$/.test(typeText));
    pa = '';
    if (!name || (!annotated && !implicit) || NON_TEXT.test(typeText) || /^(Int|Long|Boolean|Double|Float|Short|Byte|Char)$/.test(typeText)) continue;
    const key = text(w, name);
    const old = env.get(key);
    if (!old || old === UNKNOWN) env.set(key, sourceValue(w.step(c, 'source')));
  }
  const kids = namedChildren(def.node);
  const bodyAt = kids.findIndex((k) => k.type === 'function_body');
  const ret = bodyAt > 0 && kids[bodyAt - 1]!.type === 'user_type' ? text(w, kids[bodyAt - 1]!) : '';
  if (ret !== 'String') return;
  if (spring) {
    const body = /@ResponseBody\b/.test(annotations) || /@RestController\b/.test(clsAnnotations);
    if (body && !/produces\s*=\s*[^)]*(json|text\/plain|xml)/i.test(annotations)) frame.htmlReturn = true;
    if (!body) frame.viewNameReturn = true;
  } else if (!/@Produces\s*\([^)]*(json|text\/plain|xml)/i.test(annotations + clsAnnotations)) frame.htmlReturn = true;
}

function enclosingClass(n: Syn): Syn | undefined {
  let p = n.parent;
  while (p && p.type !== 'class_declaration') p = p.parent;
  return p ?? undefined;
}
