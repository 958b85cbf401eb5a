//! The OpenAPI document as an honest contract (issue 10): every answer the
//! API can give is listed, and every request body says what its handler
//! accepts, so a client (and `schemathesis`, api/scripts/schemathesis.sh)
//! can rely on it.
//!
//! Handlers check their fields themselves, with the domain crate's rules,
//! so that a bad field gets djoser's `{"field": ["message"]}` answer; the
//! generated schemas therefore only know the fields' types. [`document`]
//! adds what the handlers check: required fields, lengths, patterns and
//! choices ([`body_rules`]), `null` for optional fields (read as absent),
//! and the answers that come from the framework rather than a handler: 401
//! (a missing or bad token), 413 and 415 (a body too large or not JSON) and
//! the `{"detail": "..."}` 400 of a body that is not valid JSON.
//!
//! [`Contract`] applies this to the served document and, by HTTP's rules,
//! answers 405 with the `Allow` header listing the path's methods.

use std::sync::Arc;

use domain_wasm::{explorer, forms};
use poem::http::{HeaderValue, Method, StatusCode, header};
use poem::{Endpoint, IntoResponse, Middleware, Request, Response};
use serde_json::{Map, Value, json};

use crate::state::AppState;

/// Where the document is served.
const DOCUMENT_PATH: &str = "/api/openapi.json";

/// A field that may be left out or sent as `null` (read the same).
fn optional(mut rule: Value) -> Value {
    rule["nullable"] = json!(true);
    rule
}

/// A request body's schema name, its required fields, and the rule of
/// each field that has one.
pub type BodyRule = (&'static str, Vec<&'static str>, Vec<(&'static str, Value)>);

/// Each request body (by its schema's name), as the crate declares it
/// (`domain_wasm::forms::BODIES`): its required fields, and the rule of
/// each field that has one. Fields not named keep the generated schema;
/// those not required may be `null`.
pub fn body_rules() -> Vec<BodyRule> {
    forms::BODIES
        .iter()
        .map(|body| {
            let rules = body
                .fields
                .iter()
                .filter(|f| !f.rule.is_empty())
                .map(|f| (f.name, serde_json::to_value(f.rule).unwrap_or_default()))
                .collect();
            (body.schema, body.required(), rules)
        })
        .collect()
}

/// The multipart bodies' required fields, by operation: their schemas are
/// inline (no name for [`body_rules`]), and the fields are optional in the
/// code so that the handler words their absence (`routes::media`).
pub const MULTIPART_REQUIRED: &[(&str, &[&str])] = &[
    ("uploadApplicationPhoto", &["photo"]),
    ("uploadMentorPhoto", &["photo"]),
];

/// Query parameters a handler requires, `(path, name)`: optional in the
/// code so that the handler answers their absence under their name (400
/// `{"service": ["This field is required."]}`), not the framework.
pub const REQUIRED_QUERY: &[(&str, &str)] = &[("/api/mentors/{id}/slots/", "service")];

/// The rules of query parameters the handlers check: `(path, name, rule)`.
fn query_rules() -> Vec<(&'static str, &'static str, Value)> {
    let categories: Vec<&str> = explorer::CATEGORIES.iter().map(|c| c.id).collect();
    let u32_range = json!({ "minimum": 0, "maximum": u32::MAX });
    vec![
        ("/api/explorer/", "category", json!({ "enum": categories })),
        ("/api/explorer/", "seed", u32_range.clone()),
        ("/api/explorer/", "rotation", u32_range),
        (
            "/api/mentors/{id}/reviews/",
            "offset",
            json!({ "pattern": r"^\s*[0-9]{0,18}\s*$" }),
        ),
        (
            "/api/admin/mentor-applications/",
            "status",
            json!({ "enum": ["pending", "approved", "rejected", "all"] }),
        ),
        (
            "/api/bookings/",
            "as",
            json!({ "enum": ["learner", "mentor"] }),
        ),
        (
            "/api/bookings/",
            "when",
            json!({ "enum": ["upcoming", "past", "cancelled"] }),
        ),
        (
            "/api/admin/reconciliation/",
            "from",
            json!({ "format": "date-time" }),
        ),
        (
            "/api/admin/reconciliation/",
            "to",
            json!({ "format": "date-time" }),
        ),
    ]
}

fn merge(target: &mut Value, patch: &Value) {
    if let (Some(target), Some(patch)) = (target.as_object_mut(), patch.as_object()) {
        for (k, v) in patch {
            target.insert(k.clone(), v.clone());
        }
    }
}

const METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

fn json_content(schema: Value) -> Value {
    json!({ "application/json; charset=utf-8": { "schema": schema } })
}

fn detail_ref() -> Value {
    json!({ "$ref": "#/components/schemas/Detail" })
}

/// The generated document with what the handlers check and every answer
/// the framework gives. Unparsable input comes back as it is.
pub fn document(generated: &str) -> String {
    let Ok(mut doc) = serde_json::from_str::<Value>(generated) else {
        return generated.to_owned();
    };
    apply(&mut doc);
    serde_json::to_string_pretty(&doc).unwrap_or_else(|_| generated.to_owned())
}

fn apply(doc: &mut Value) {
    if let Some(schemas) = doc
        .pointer_mut("/components/schemas")
        .and_then(Value::as_object_mut)
    {
        schemas.insert(
            "Unauthenticated".into(),
            json!({
                "type": "object",
                "title": "Unauthenticated",
                "description": "No token, or one that is not (or no longer) valid.",
                "required": ["detail"],
                "properties": {
                    "detail": { "type": "string" },
                    "code": {
                        "type": "string",
                        "description": "`token_not_valid` when a token was sent.",
                    },
                },
            }),
        );
        for (schema, required, fields) in body_rules() {
            let Some(object) = schemas.get_mut(schema) else {
                continue;
            };
            if !required.is_empty() {
                object["required"] = json!(required);
            }
            let Some(properties) = object.get_mut("properties").and_then(Value::as_object_mut)
            else {
                continue;
            };
            for (field, rule) in &fields {
                if let Some(property) = properties.get_mut(*field) {
                    merge(property, rule);
                }
            }
            for (field, property) in properties.iter_mut() {
                if !required.contains(&field.as_str()) {
                    merge(property, &optional(json!({})));
                }
            }
        }
    }
    let rules = query_rules();
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else {
        return;
    };
    for (path, item) in paths.iter_mut() {
        let Some(item) = item.as_object_mut() else {
            continue;
        };
        for (method, operation) in item.iter_mut() {
            if !METHODS.contains(&method.as_str()) {
                continue;
            }
            for parameter in operation
                .get_mut("parameters")
                .and_then(Value::as_array_mut)
                .into_iter()
                .flatten()
            {
                let name = parameter["name"].as_str().unwrap_or_default().to_owned();
                if parameter["in"] == "query"
                    && REQUIRED_QUERY.iter().any(|(p, n)| {
                        p.trim_end_matches('/') == path.trim_end_matches('/') && *n == name
                    })
                {
                    parameter["required"] = json!(true);
                }
                for (_, _, rule) in rules.iter().filter(|(p, n, _)| {
                    p.trim_end_matches('/') == path.trim_end_matches('/') && *n == name
                }) {
                    merge(&mut parameter["schema"], rule);
                }
            }
            require_multipart_fields(operation);
            add_framework_answers(operation);
        }
    }
}

/// Marks the fields [`MULTIPART_REQUIRED`] lists required in the
/// operation's multipart body.
fn require_multipart_fields(operation: &mut Value) {
    let id = operation["operationId"].as_str().unwrap_or_default();
    let Some((_, required)) = MULTIPART_REQUIRED.iter().find(|(op, _)| *op == id) else {
        return;
    };
    if let Some(schema) = operation.pointer_mut("/requestBody/content/multipart~1form-data/schema")
    {
        schema["required"] = json!(required);
    }
}

/// 401 for operations behind a token; 400 (not JSON), 413 and 415 for
/// operations that read a body.
fn add_framework_answers(operation: &mut Value) {
    let secured = operation
        .get("security")
        .and_then(Value::as_array)
        .is_some_and(|s| !s.is_empty());
    let reads_body = operation.get("requestBody").is_some();
    // The body's media type: JSON, or multipart for a photo upload.
    let media_type = operation
        .pointer("/requestBody/content")
        .and_then(Value::as_object)
        .and_then(|c| c.keys().next().cloned())
        .unwrap_or_else(|| "application/json".to_owned());
    let Some(responses) = operation
        .get_mut("responses")
        .and_then(Value::as_object_mut)
    else {
        return;
    };
    let add = |responses: &mut Map<String, Value>, status: &str, text: &str, schema: Value| {
        responses
            .entry(status.to_owned())
            .or_insert_with(|| json!({ "description": text, "content": json_content(schema) }));
    };
    if secured {
        add(
            responses,
            "401",
            "Not signed in: no bearer token, or one that is not (or no longer) valid.",
            json!({ "$ref": "#/components/schemas/Unauthenticated" }),
        );
    }
    if !reads_body {
        return;
    }
    add(
        responses,
        "413",
        "The body is over the size limit.",
        detail_ref(),
    );
    add(
        responses,
        "415",
        &format!("The body is not sent as `{media_type}`."),
        detail_ref(),
    );
    match responses.get_mut("400") {
        None => add(
            responses,
            "400",
            "The body is not a JSON object of the documented fields' types.",
            detail_ref(),
        ),
        Some(answer) => {
            for media in answer
                .get_mut("content")
                .and_then(Value::as_object_mut)
                .into_iter()
                .flat_map(|c| c.values_mut())
            {
                let schema = media["schema"].take();
                media["schema"] = if schema == detail_ref() {
                    schema
                } else {
                    json!({ "anyOf": [schema, detail_ref()] })
                };
            }
            if let Some(description) = answer.get_mut("description") {
                let text = description.as_str().unwrap_or_default();
                *description = json!(format!(
                    "{text} A body that is not a JSON object of the documented fields' types: \
                     `{{\"detail\": \"...\"}}`."
                ));
            }
        }
    }
}

/// One documented path, for matching request paths: its segments, with
/// `None` for a parameter.
struct PathPattern {
    segments: Vec<Option<String>>,
    allow: HeaderValue,
    operations: Vec<BodyCheck>,
}

/// What the JSON body of one operation must hold before its handler sees
/// it: the fields the document types as strings.
struct BodyCheck {
    method: Method,
    string_fields: Vec<String>,
    /// The operation's 400 is `{"field": ["message"]}` (else `{"detail"}`).
    field_errors: bool,
}

/// Django REST framework's message for a text field sent as another type.
pub const NOT_A_STRING: &str = "Not a valid string.";

fn segments(path: &str) -> impl Iterator<Item = &str> {
    path.split('/').filter(|s| !s.is_empty())
}

impl PathPattern {
    fn matches(&self, path: &str) -> bool {
        let mut given = segments(path);
        for expected in &self.segments {
            match (given.next(), expected) {
                (None, _) => return false,
                (Some(_), None) => {}
                (Some(g), Some(e)) if g == e => {}
                _ => return false,
            }
        }
        given.next().is_none()
    }
}

fn body_check(doc: &Value, method: &str, operation: &Value) -> Option<BodyCheck> {
    let content = operation.pointer("/requestBody/content")?.as_object()?;
    let mut schema = content.values().next()?.get("schema")?;
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.rsplit('/').next().unwrap_or_default();
        schema = doc.pointer(&format!("/components/schemas/{name}"))?;
    }
    let string_fields: Vec<String> = schema["properties"]
        .as_object()?
        .iter()
        .filter(|(_, p)| p["type"] == "string")
        .map(|(name, _)| name.clone())
        .collect();
    let field_errors = operation["responses"]["400"]["content"]
        .as_object()
        .and_then(|c| c.values().next())
        .is_some_and(|m| m["schema"]["additionalProperties"]["type"] == "array");
    Some(BodyCheck {
        method: Method::from_bytes(method.to_uppercase().as_bytes()).ok()?,
        string_fields,
        field_errors,
    })
}

fn path_patterns(doc: &Value) -> Vec<PathPattern> {
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().into_iter().flatten() {
        let operations: Vec<(&String, &Value)> = item
            .as_object()
            .into_iter()
            .flatten()
            .filter(|(m, _)| METHODS.contains(&m.as_str()))
            .collect();
        let mut methods: Vec<String> = operations.iter().map(|(m, _)| m.to_uppercase()).collect();
        // A GET resource answers HEAD too.
        if methods.iter().any(|m| m == "GET") && !methods.iter().any(|m| m == "HEAD") {
            methods.push("HEAD".into());
        }
        let Ok(allow) = HeaderValue::from_str(&methods.join(", ")) else {
            continue;
        };
        out.push(PathPattern {
            segments: segments(path)
                .map(|s| (!s.starts_with('{')).then(|| s.to_owned()))
                .collect(),
            allow,
            operations: operations
                .into_iter()
                .filter_map(|(m, op)| body_check(doc, m, op))
                .collect(),
        });
    }
    out
}

/// The middleware: the served document through [`document`]; `Allow` on
/// every 405 of a documented path; and JSON bodies whose text fields are
/// not text (poem-openapi would read `false` or `5` as the text `"false"`
/// or `"5"`) refused with 400, as the document's types say.
pub struct Contract {
    patterns: Arc<Vec<PathPattern>>,
}

impl Contract {
    pub fn new(state: Arc<AppState>) -> Contract {
        let doc = serde_json::from_str(&crate::routes::service(state).spec()).unwrap_or_default();
        Contract {
            patterns: Arc::new(path_patterns(&doc)),
        }
    }
}

impl<E: Endpoint> Middleware<E> for Contract {
    type Output = ContractEndpoint<E>;

    fn transform(&self, next: E) -> Self::Output {
        ContractEndpoint {
            next,
            patterns: self.patterns.clone(),
        }
    }
}

pub struct ContractEndpoint<E> {
    next: E,
    patterns: Arc<Vec<PathPattern>>,
}

fn is_json(req: &Request) -> bool {
    req.content_type()
        .and_then(|ct| ct.split(';').next())
        .is_some_and(|essence| {
            let essence = essence.trim().to_ascii_lowercase();
            essence == "application/json" || essence.ends_with("+json")
        })
}

/// The fields of `body` that should be text and are something else.
fn not_text<'a>(body: &[u8], check: &'a BodyCheck) -> Vec<&'a str> {
    let Ok(Value::Object(fields)) = serde_json::from_slice::<Value>(body) else {
        // Not a JSON object: the framework's parser answers.
        return Vec::new();
    };
    check
        .string_fields
        .iter()
        .filter(|f| {
            fields
                .get(*f)
                .is_some_and(|v| !v.is_string() && !v.is_null())
        })
        .map(String::as_str)
        .collect()
}

fn not_text_answer(fields: &[&str], check: &BodyCheck) -> Response {
    let body = if check.field_errors {
        let map: Map<String, Value> = fields
            .iter()
            .map(|f| ((*f).to_owned(), json!([NOT_A_STRING])))
            .collect();
        Value::Object(map)
    } else {
        json!({ "detail": format!("{}: {NOT_A_STRING}", fields.join(", ")) })
    };
    Response::builder()
        .status(StatusCode::BAD_REQUEST)
        .content_type("application/json")
        .header(header::CACHE_CONTROL, "no-store")
        .body(body.to_string())
}

impl<E: Endpoint> ContractEndpoint<E> {
    /// Reads a JSON body the operation types (within the API's size limit,
    /// else leaves it to the size check) and answers 400 when a text field
    /// holds something else; otherwise passes the request on unchanged.
    async fn typed(&self, mut req: Request) -> poem::Result<Result<Request, Response>> {
        let check = self
            .patterns
            .iter()
            .find(|p| p.matches(req.uri().path()))
            .and_then(|p| p.operations.iter().find(|o| o.method == *req.method()));
        let Some(check) = check.filter(|c| !c.string_fields.is_empty() && is_json(&req)) else {
            return Ok(Ok(req));
        };
        let declared = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        if declared.is_some_and(|n| n > crate::http::MAX_BODY_BYTES) {
            return Ok(Ok(req));
        }
        let mut bytes = Vec::new();
        let mut body = tokio::io::AsyncReadExt::take(
            req.take_body().into_async_read(),
            crate::http::MAX_BODY_BYTES + 1,
        );
        if tokio::io::AsyncReadExt::read_to_end(&mut body, &mut bytes)
            .await
            .is_err()
        {
            // Unreadable: the framework's parser answers.
            req.set_body(bytes);
            return Ok(Ok(req));
        }
        let wrong = not_text(&bytes, check);
        if !wrong.is_empty() {
            return Ok(Err(not_text_answer(&wrong, check)));
        }
        req.set_body(bytes);
        Ok(Ok(req))
    }
}

impl<E: Endpoint> Endpoint for ContractEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        let path = req.uri().path().to_owned();
        let is_document = path == DOCUMENT_PATH && req.method() == Method::GET;
        let req = match self.typed(req).await? {
            Ok(req) => req,
            Err(answer) => return Ok(answer),
        };
        let mut resp = match self.next.call(req).await {
            Ok(r) => r.into_response(),
            Err(e) => e.into_response(),
        };
        if resp.status() == StatusCode::METHOD_NOT_ALLOWED
            && !resp.headers().contains_key(header::ALLOW)
            && let Some(p) = self.patterns.iter().find(|p| p.matches(&path))
        {
            resp.headers_mut().insert(header::ALLOW, p.allow.clone());
        }
        if is_document && resp.status() == StatusCode::OK {
            let generated = resp.take_body().into_string().await?;
            resp.headers_mut().remove(header::CONTENT_LENGTH);
            resp.set_body(document(&generated));
        }
        Ok(resp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn generated() -> Value {
        let settings = crate::config::Settings::for_database("sqlite::memory:");
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        rt.block_on(async {
            let store = crate::server::prepare(&settings).await.expect("store");
            let bound = crate::server::bind(&settings, store).await.expect("bind");
            let spec = crate::routes::service(bound.state().clone()).spec();
            serde_json::from_str(&spec).expect("a JSON document")
        })
    }

    #[test]
    fn every_rule_names_a_schema_and_fields_of_the_document() {
        let doc = generated();
        let schemas = &doc["components"]["schemas"];
        for (schema, required, fields) in body_rules() {
            let properties = schemas[schema]["properties"]
                .as_object()
                .unwrap_or_else(|| panic!("a request body schema {schema}"));
            for field in required.iter().chain(fields.iter().map(|(f, _)| f)) {
                assert!(properties.contains_key(*field), "{schema}.{field}");
            }
        }
        for (path, name, _) in query_rules() {
            let trimmed = path.trim_end_matches('/');
            let parameters = doc["paths"][trimmed]["get"]["parameters"]
                .as_array()
                .unwrap_or_else(|| panic!("GET {path}"));
            assert!(
                parameters.iter().any(|p| p["name"] == name),
                "{path} {name}"
            );
        }
    }

    #[test]
    fn required_multipart_fields_and_query_parameters_are_documented_required() {
        let doc: Value = serde_json::from_str(&document(&generated().to_string())).expect("JSON");
        for (id, required) in MULTIPART_REQUIRED {
            let operation = doc["paths"]
                .as_object()
                .expect("paths")
                .values()
                .flat_map(|item| item.as_object().expect("an item").values())
                .find(|op| op["operationId"] == *id)
                .unwrap_or_else(|| panic!("operation {id}"));
            let schema = &operation["requestBody"]["content"]["multipart/form-data"]["schema"];
            assert_eq!(schema["required"], json!(required), "{id}");
            for field in *required {
                assert!(schema["properties"][field].is_object(), "{id}.{field}");
            }
        }
        for (path, name) in REQUIRED_QUERY {
            let parameters = doc["paths"][path.trim_end_matches('/')]["get"]["parameters"]
                .as_array()
                .or_else(|| doc["paths"][*path]["get"]["parameters"].as_array())
                .unwrap_or_else(|| panic!("GET {path}"));
            let parameter = parameters
                .iter()
                .find(|p| p["name"] == *name && p["in"] == "query")
                .unwrap_or_else(|| panic!("{path} {name}"));
            assert_eq!(parameter["required"], true, "{path} {name}");
        }
    }

    #[test]
    fn every_request_body_has_rules() {
        let doc = generated();
        for item in doc["paths"].as_object().expect("paths").values() {
            for operation in item.as_object().expect("an item").values() {
                let Some(reference) = operation
                    .pointer("/requestBody/content")
                    .and_then(Value::as_object)
                    .and_then(|c| c.values().next())
                    .and_then(|m| m["schema"]["$ref"].as_str())
                else {
                    continue;
                };
                let name = reference.rsplit('/').next().unwrap_or_default();
                assert!(
                    body_rules().iter().any(|(schema, _, _)| *schema == name),
                    "add {name}'s rules to contract::body_rules"
                );
            }
        }
    }

    #[test]
    fn protected_operations_list_401_and_bodies_list_415() {
        let doc: Value =
            serde_json::from_str(&document(&generated().to_string())).expect("a document");
        let me = &doc["paths"]["/auth/users/me"]["get"]["responses"];
        assert!(me.get("401").is_some(), "{me}");
        let login = &doc["paths"]["/api/login"]["post"]["responses"];
        assert!(login.get("415").is_some() && login.get("413").is_some());
        assert!(login["400"].to_string().contains("anyOf"), "{login}");
        assert_eq!(
            doc["components"]["schemas"]["LoginBody"]["required"],
            json!(["email", "password"])
        );
    }

    fn pattern(segments: &[Option<&str>]) -> PathPattern {
        PathPattern {
            segments: segments.iter().map(|s| s.map(str::to_owned)).collect(),
            allow: HeaderValue::from_static("GET, HEAD"),
            operations: Vec::new(),
        }
    }

    #[test]
    fn request_paths_match_documented_templates() {
        let mentor = pattern(&[Some("api"), Some("mentors"), None]);
        assert!(mentor.matches("/api/mentors/7/"));
        assert!(mentor.matches("/api/mentors/7"));
        assert!(!mentor.matches("/api/mentors/"));
        assert!(!mentor.matches("/api/mentors/7/x"));
        assert!(!mentor.matches("/api/mentor/7"));
    }
}
